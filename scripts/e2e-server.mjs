// The servers the browser tests run against: the real app, each on a fresh temporary data
// folder. The journeys run on two (PORT, SPLIT_PORT), the screen tour on its own (TOUR_PORT),
// so what one set of tests writes never changes what another counts; the next-day journey
// moves its server's time to tomorrow, so it has one of its own too (CLOCK_PORT), the only one
// with TEST_CLOCK. They start one after the other, the tour's last: Playwright waits for the
// tour's health check, and then all are up.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { heapFlags } from './node-flags.mjs';
import { ensureServerBuilt } from './server-build.mjs';
import { ensureUiBuilt } from './ui-build.mjs';

ensureUiBuilt();
// The server `npm start` runs: compiled JavaScript (built first if a source is newer).
const main = ensureServerBuilt();

const servers = [];
const startApp = (port, extraEnv = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-e2e-'));
  const server = spawn(process.execPath, ['--enable-source-maps', ...heapFlags(), main], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The journeys register every visitor from this one address, and open their chats from it.
      REGISTRATIONS_PER_HOUR: '100000',
      SIGN_UPS_PER_HOUR: '100000',
      LIVE_CHAT_SOCKETS_PER_ADDRESS: '10000',
      LIVE_SOCKETS_PER_ADDRESS: '5000',
      // Opinion maps follow the journeys' echoes within a second or two, not a minute.
      OPINION_MAP_INTERVAL_MS: '1000',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      ...extraEnv,
    },
  });
  servers.push(server);
  server.on('exit', (code) => {
    rmSync(dataDir, { recursive: true, force: true });
    for (const other of servers) if (other !== server) other.kill('SIGTERM');
    process.exitCode = code ?? 0;
  });
};

const healthy = async (port) => {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
};

const stop = (signal) => servers.forEach((server) => server.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const ports = [
  [process.env.PORT ?? '4173', {}],
  // The operator's addresses configured on one server (the legal pages show them), unset on the others.
  [
    process.env.SPLIT_PORT,
    // Pushes may go to this machine too (the push journey's own push service, on loopback).
    {
      CONTACT_EMAIL: 'hello@boon.test',
      PRIVACY_EMAIL: 'privacy@boon.test',
      PUSH_TEST_ENDPOINTS: 'loopback',
    },
  ],
  [process.env.CLOCK_PORT, { TEST_CLOCK: 'true' }],
  [process.env.TOUR_PORT, {}],
].filter(([port]) => port);
for (const [i, [port, env]] of ports.entries()) {
  if (i > 0) await healthy(Number(ports[i - 1][0]));
  startApp(Number(port), env);
}
