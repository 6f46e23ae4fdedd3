import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
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

/**
 * This run's name (`npm test` sets it in its global setup, so every worker shares it): the
 * templates a run makes carry it, and the run drops them at its end.
 */
const testRun = () => process.env.BOON_TEST_RUN ?? `p${process.pid}`;

/**
 * Who made a database, written as its comment: the process whose end leaves it unused (the
 * run's own process under `npm test`, whose global setup names it; else this process). A
 * process killed before it dropped what it made leaves them to the next run's sweep.
 */
const OWNER_TAG = 'boon-test-owner';
const ownerComment = () =>
  JSON.stringify({
    [OWNER_TAG]: { host: hostname(), pid: Number(process.env.BOON_TEST_RUN_PID ?? process.pid) },
  });
const markOwner = (client: pg.Client, name: string) =>
  client.query(`COMMENT ON DATABASE "${name}" IS ${pg.escapeLiteral(ownerComment())}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Drops the databases tests and benches made here whose maker is gone (killed mid-run: a
 * template, a suite's database and its `_keys` sibling). Databases made on other hosts, or by
 * a process still running (another run beside this one), are left alone. Answers the names
 * dropped.
 */
export const sweepLeftovers = () =>
  withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
        WHERE datname ~ '^boon_(test|tpl|bench)_'`,
    );
    const names = new Set(rows.map((row) => row.datname));
    const gone = rows.filter(({ comment }) => {
      try {
        const owner = (JSON.parse(comment ?? '') as Record<string, { host: string; pid: number }>)[
          OWNER_TAG
        ];
        return owner !== undefined && owner.host === hostname() && !alive(owner.pid);
      } catch {
        return false;
      }
    });
    const dropped: string[] = [];
    for (const { datname } of gone) {
      for (const name of [datname, `${datname}_keys`]) {
        if (!names.has(name)) continue;
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        dropped.push(name);
      }
    }
    return dropped;
  });

const templates = new Map<string, Promise<string>>();

/**
 * A template database, made once per run whichever worker asks first (an advisory lock holds the
 * others until it is ready): `prepare` lays down what every copy starts from (a schema, the
 * runtime's first generations) and closes every connection it opened, since PostgreSQL copies
 * a template only while nobody is connected to it. Copying one takes a fraction of the time the
 * hundreds of statements that make it do.
 */
export const testTemplate = (
  kind: string,
  prepare: (url: string) => Promise<void>,
): Promise<string> => {
  const name = `boon_tpl_${testRun()}_${kind}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  let made = templates.get(name);
  if (!made) {
    made = withAdmin(async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
          name,
        ]);
        if (rowCount) return name;
        await client.query(`CREATE DATABASE "${name}"`);
        try {
          await markOwner(client, name);
          await prepare(urlFor(name));
          // No connection may reach it again: a copy would fail while one does.
          await client.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        } catch (error) {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          throw error;
        }
        return name;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    made.catch(() => templates.delete(name));
    templates.set(name, made);
  }
  return made;
};

/**
 * A fresh database of the suite's own, empty or a copy of a template; a `<name>_keys` sibling a
 * test made is dropped with it.
 */
export const createTestDatabase = async (
  prefix = 'boon_test',
  template?: string,
): Promise<TestDatabase> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (client) => {
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    await markOwner(client, name);
  });
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
