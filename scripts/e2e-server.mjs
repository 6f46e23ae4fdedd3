// The server the browser tests run against: the real app on a fresh temporary data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureUiBuilt } from './ui-build.mjs';

ensureUiBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'boon-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '4173',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The journeys register every visitor from this one address.
    REGISTRATIONS_PER_HOUR: '100000',
    SIGN_UPS_PER_HOUR: '100000',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
