// A vitest reporter that writes the run's unhandled errors (those no test owns: a rejection or
// an exception after a test ended) to a file, so that `npm test`'s summary can name them at the
// tail of a long CI log. Vitest's JSON report has no place for them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class UnhandledErrorsReporter {
  /** Where: VITEST_UNHANDLED_FILE (scripts/test.mjs gives each run its own). */
  file = process.env.VITEST_UNHANDLED_FILE ?? 'tests/artifacts/vitest-unhandled.json';

  onTestRunEnd(_testModules, unhandledErrors) {
    const errors = (unhandledErrors ?? []).map((error) => ({
      name: error?.name ?? 'Error',
      message: String(error?.message ?? error),
      // What lies under it (fetch's "fetch failed" says why only here: ECONNREFUSED, a reset).
      cause: error?.cause
        ? `${error.cause.code ?? error.cause.name ?? ''} ${error.cause.message ?? error.cause}`.trim()
        : null,
      stack: String(error?.stack ?? '')
        .split('\n')
        .filter((line) => !line.includes('node_modules'))
        .slice(0, 8)
        .join('\n'),
      // Vitest names the test file (and test) that was running when the error came, if any.
      testPath: error?.VITEST_TEST_PATH ?? null,
      testName: error?.VITEST_TEST_NAME ?? null,
    }));
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(errors, null, 2));
  }
}
