// `npm test`: every suite that can run here. Unit, contract, API, reliability (vitest), then
// the browser journeys (Playwright on Debian's chromium), which are skipped with one visible
// line where chromium is missing. It ends with a summary naming every failed vitest test and
// the first lines of its error, so the tail of a long CI log says what went wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const browserOnly = process.argv.includes('--browser-only');
/** Everything else on the command line goes to Playwright (`--trace on`, a spec's path). */
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--browser-only');
const run = (args, env = {}) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;
const unhandledReporter = './scripts/vitest-unhandled-reporter.mjs';

/** The errors outside every test that a vitest run wrote down (scripts/vitest-unhandled-reporter.mjs). */
const unhandledErrors = (file) => {
  if (!existsSync(file)) return [];
  const lines = [];
  for (const error of JSON.parse(readFileSync(file, 'utf8'))) {
    const where = [error.testPath?.replace(`${process.cwd()}/`, ''), error.testName]
      .filter(Boolean)
      .join(' > ');
    lines.push(
      `  ✗ unhandled ${error.name}${where ? ` (during ${where})` : ''}: ${error.message}${error.cause ? ` (${error.cause})` : ''}`,
    );
    for (const line of error.stack.split('\n').slice(1, 6)) lines.push(`      ${line.trim()}`);
  }
  return lines;
};

/** The failed tests in vitest's JSON report, each with the first lines of its error. */
const failedUnitTests = (reportFile) => {
  if (!existsSync(reportFile)) return ['  (no report was written)'];
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
      lines.push(`  ✗ ${name}: ${(file.message ?? 'failed to run').split('\n')[0]}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      lines.push(`  ✗ ${name} > ${test.fullName}`);
      const message = (test.failureMessages ?? [])
        .join('\n')
        .split('\n')
        .filter((line) => !line.includes('node_modules'))
        .slice(0, 4);
      for (const line of message) lines.push(`      ${line.trim()}`);
    }
  }
  return lines;
};

const summary = [];
/**
 * Runs vitest with `args` (its suites, its options) and `env`, its report written to
 * `tests/artifacts/{name}.json` and its errors outside the tests to `{name}-unhandled.json`:
 * whether it passed, and the lines the summary gives its failures.
 */
const runVitest = (name, args = [], env = {}) => {
  const report = `tests/artifacts/${name}.json`;
  const unhandled = `tests/artifacts/${name}-unhandled.json`;
  rmSync(report, { force: true });
  rmSync(unhandled, { force: true });
  const ok =
    run(
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        `--reporter=${unhandledReporter}`,
        ...args,
      ],
      { ...env, VITEST_UNHANDLED_FILE: unhandled },
    ) === 0;
  return { ok, failures: ok ? [] : [...failedUnitTests(report), ...unhandledErrors(unhandled)] };
};

let failed = false;
if (!browserOnly) {
  const { ok, failures } = runVitest('vitest');
  failed = !ok;
  summary.push(`unit, contract, API, reliability (vitest): ${ok ? 'passed' : 'FAILED'}`);
  if (!ok) {
    summary.push(
      ...(failures.length
        ? failures
        : ['  no test failed and no error outside the tests was recorded: see the log above']),
    );
  }
}

// The projection specifications and the API suites that exercise commands, reads, live
// updates, accounts and admin, again on PostgreSQL (tests/support/engines.ts): where no server
// answers, one visible line says they were skipped.
const postgresSuites = [
  'tests/projections',
  'tests/api/responses.api.test.ts',
  'tests/api/conversation.api.test.ts',
  'tests/api/read-your-writes.api.test.ts',
  'tests/api/live.api.test.ts',
  'tests/api/auth.api.test.ts',
  'tests/api/sign-up.api.test.ts',
  'tests/api/journal.api.test.ts',
  'tests/api/admin-questions.api.test.ts',
  'tests/api/reports.api.test.ts',
  'tests/api/notifications.api.test.ts',
];
if (!browserOnly) {
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://boon:boon@127.0.0.1:5432/postgres', connectionTimeoutMillis: 3000 }); try { await c.connect(); await c.end(); } catch (e) { console.log(e.message || String(e)); process.exit(1); }",
    ],
    { stdio: 'pipe' },
  );
  if (probe.status !== 0) {
    const skipped = `SKIPPED the PostgreSQL run of the projection and API suites: no server answers at TEST_DATABASE_URL (${probe.stdout.toString().trim()})`;
    console.log(skipped);
    summary.push(skipped);
  } else {
    console.log('\n== the projection specifications and API suites on PostgreSQL');
    const { ok, failures } = runVitest(
      'vitest-postgres',
      ['--testTimeout=120000', ...postgresSuites],
      { BOON_TEST_ENGINE: 'postgres' },
    );
    failed = !ok || failed;
    summary.push(`projection and API suites on PostgreSQL (vitest): ${ok ? 'passed' : 'FAILED'}`);
    summary.push(...failures);
  }
}

const chromium = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find(existsSync);
if (!chromium) {
  const skipped =
    'SKIPPED browser suites: Debian chromium is not installed (apt-get install -y chromium).';
  console.log(skipped);
  summary.push(skipped);
} else {
  const ok = run(['node_modules/@playwright/test/cli.js', 'test', ...playwrightArgs]) === 0;
  failed = !ok || failed;
  summary.push(
    `browser journeys (Playwright): ${ok ? 'passed' : 'FAILED (the failures are listed above)'}`,
  );
}
console.log(`\n== npm test summary\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);
