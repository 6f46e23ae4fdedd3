import { defineConfig } from '@playwright/test';

const chromium = '/usr/bin/chromium';
// E2E_PORT lets several checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
/** The screen tour's own server, and a second one for part of the journeys (scripts/e2e-server.mjs). */
const tourPort = port + 1;
const splitPort = port + 2;
const screenTour = /\/screens\.spec\.ts$/;
/**
 * Journeys that run on the second journeys' server: about two fifths of their time, so that one
 * worker runs the other journeys while the second runs the screen tour, these and the next day
 * (2026-11-29: 1,440 s of journeys on the first worker against 979 s on the second; the opinion
 * map, the inbox and the push device moved, ~180 s).
 * The account journeys are split by what they share: account-email and account-ways-in both ask
 * for mails from 127.0.0.1 (five per address in 15 minutes), so they run on different servers.
 */
const splitJourneys =
  /\/(account-email|conversation|first-minutes|forms|identity|inbox|legal-contact|opinion-map|push-device|reach|spec-rules|trust)\.spec\.ts$/;
/**
 * Move their server's clock to tomorrow: on a server of their own, the only one with TEST_CLOCK
 * (what-is-waiting needs a question asked on a day before today).
 */
const nextDay = /\/(next-day|what-is-waiting)\.spec\.ts$/;
const clockPort = port + 3;

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'tests/artifacts/browser',
  // Two workers, four servers: the screen tour (mostly the browser's own work: axe,
  // screenshots) and two sets of journeys (mostly waiting on the app), each set on its own
  // server and one journey at a time, so journeys that change shared state (today's Mini, the
  // day's answers) never overlap.
  workers: 2,
  // One retry, reported as "flaky" in the summary (never hidden). Of the journeys that failed
  // only inside the whole suite on a loaded machine, four had causes now fixed (a reload's
  // history key, a quote read from the other side, reads made while React swapped a page); the
  // admin boards' "Show more ideas" pressed by keyboard once left 30 ideas, cause still open.
  retries: 1,
  timeout: 60_000,
  // Waits give a busy machine room (sign-ins hash passwords at production cost beside the
  // other worker's browser); a passing step takes no longer for it.
  expect: { timeout: 10_000 },
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
    // No traces by default: recording one (a screencast and DOM snapshots of every step) made
    // each journey a third slower and the whole suite CPU-bound on two cores, while the CI log
    // is the only thing a run leaves. Debug a failure with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // No service worker unless a journey asks for one (tests/browser/offline.spec.ts): requests
    // it answers never reach page.route, which many journeys use to cut a request or a chunk.
    serviceWorkers: 'block',
  },
  // The longest set first: projects start in this order, each as a worker comes free.
  projects: [
    { name: 'journeys', testIgnore: [screenTour, splitJourneys, nextDay], workers: 1 },
    {
      name: 'screens',
      testMatch: screenTour,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${tourPort}` },
    },
    {
      name: 'journeys-2',
      testMatch: splitJourneys,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${splitPort}` },
    },
    {
      name: 'next-day',
      testMatch: nextDay,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${clockPort}` },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${tourPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      TOUR_PORT: String(tourPort),
      SPLIT_PORT: String(splitPort),
      CLOCK_PORT: String(clockPort),
    },
  },
});
