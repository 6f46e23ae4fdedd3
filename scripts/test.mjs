// `npm test`: every suite that can run here. Unit, contract, API, reliability (vitest), then
// the browser journeys (Playwright on Debian's chromium), which are skipped with one visible
// line where chromium is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browserOnly = process.argv.includes('--browser-only');
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;

let failed = false;
if (!browserOnly) failed = run(['node_modules/vitest/vitest.mjs', 'run']) !== 0;

const chromium = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find(existsSync);
if (!chromium) {
  console.log(
    'SKIPPED browser suites: Debian chromium is not installed (apt-get install -y chromium).',
  );
} else {
  failed = run(['node_modules/@playwright/test/cli.js', 'test']) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
