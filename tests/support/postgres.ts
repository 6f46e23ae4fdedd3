import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the suites run against: `TEST_DATABASE_URL`, by default the local
 * cluster with the role `.ci/run` makes (`boon`/`boon`, allowed to create databases). Each suite
 * makes a database of its own and drops it after, so suites never see each other's tables.
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://boon:boon@127.0.0.1:5432/postgres';

export type TestDatabase = {
  /** A connection string for the suite's own database. */
  url: string;
  name: string;
  drop: () => Promise<void>;
};

export type PostgresServer = { available: true } | { available: false; skipReason: string };

const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

let probed: Promise<PostgresServer> | null = null;

/** Whether the server answers; a suite skips with this reason when it does not (never silently). */
export const postgresServer = (): Promise<PostgresServer> => {
  probed ??= withAdmin(async (client) => {
    await client.query('SELECT 1');
    return { available: true } as const;
  }).catch((error: unknown) => ({
    available: false as const,
    skipReason: `no PostgreSQL at TEST_DATABASE_URL (${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}): ${
      error instanceof Error ? error.message : String(error)
    }`,
  }));
  return probed;
};

const urlFor = (database: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

/** A fresh, empty database of the suite's own; a `<name>_keys` sibling a test made is dropped with it. */
export const createTestDatabase = async (prefix = 'boon_test'): Promise<TestDatabase> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: urlFor(name),
    drop: () =>
      withAdmin(async (client) => {
        // Whatever the suite left connected (a killed child process's pool) goes first.
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS "${name}_keys" WITH (FORCE)`);
      }),
  };
};
