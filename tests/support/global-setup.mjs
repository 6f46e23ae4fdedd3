// Before any test file runs: the compiled server the tools and `npm start` run, built once if
// a source is newer, so test files running side by side never build it at the same time; and
// the run's name, which the PostgreSQL templates it makes carry (tests/support/postgres.ts), so
// its end drops them. A run killed before its end leaves its databases to the next run's
// sweep (those whose maker's process is gone).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { sweepLeftovers } from './postgres.ts';

export const setup = async () => {
  ensureServerBuilt();
  process.env.BOON_TEST_RUN ??= `r${randomBytes(4).toString('hex')}`;
  process.env.BOON_TEST_RUN_PID ??= String(process.pid);
  const dropped = await sweepLeftovers().catch(() => []);
  if (dropped.length > 0) {
    console.log(
      `[postgres] dropped ${dropped.length} database(s) a killed test run left: ${dropped.join(', ')}`,
    );
  }
};

export const teardown = async () => {
  const client = new pg.Client({
    connectionString:
      process.env.TEST_DATABASE_URL ?? 'postgres://boon:boon@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `boon_tpl_${process.env.BOON_TEST_RUN}_%`,
    ]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } catch {
    // No server here (nothing was made on one), or it went away: drop by hand what is left.
  } finally {
    await client.end().catch(() => {});
  }
};
