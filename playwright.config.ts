import { defineConfig } from '@playwright/test';

const chromium = '/usr/bin/chromium';
// E2E_PORT lets several checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
/** The screen tour's own server (see scripts/e2e-server.mjs). */
const tourPort = port + 1;
const screenTour = /\/screens\.spec\.ts$/;
/** Moves its server's clock to tomorrow: on the tour's server, once the tour is done. */
const nextDay = /\/next-day\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'tests/artifacts/browser',
  // Two workers: the screen tour (mostly the browser's own work: axe, screenshots) runs on its
  // own server beside the journeys (mostly waiting on the app). The journeys run one at a time,
  // so those that change shared state (today's Mini, the day's answers) never overlap.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'screens',
      testMatch: screenTour,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${tourPort}` },
    },
    { name: 'journeys', testIgnore: [screenTour, nextDay], workers: 1 },
    {
      name: 'next-day',
      testMatch: nextDay,
      dependencies: ['screens'],
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${tourPort}` },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${tourPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), TOUR_PORT: String(tourPort) },
  },
});
