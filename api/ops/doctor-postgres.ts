import pg from 'pg';
import { keyVaultDatabaseUrl, type Config, type PostgresConfig } from '../../infra/config';
import { redacted } from '../postgres-stores';
import type { Finding } from './doctor-checks';

const ok = (check: string, detail: string): Finding => ({ check, ok: true, detail });
const fix = (check: string, detail: string): Finding => ({ check, ok: false, detail });

/** Oldest server the log's reading rule runs on (`pg_current_snapshot`, `xid8`). */
const MINIMUM_VERSION = 13;

/**
 * Connections one Boon process may open on the server: a pool of DATABASE_POOL_SIZE each for
 * the log and the read models, the vault's pool of 4, and a listening connection each for the
 * log and the read models' notices.
 */
const connectionsPerProcess = (poolSize: number) => 2 * poolSize + 4 + 2;

const query = async <T extends pg.QueryResultRow>(client: pg.Client, sql: string) =>
  (await client.query<T>(sql)).rows;

const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A connection the server ends fails the statement under way: said there, not as a crash.
  client.on('error', () => {});
  await client.connect();
  return client;
};

const serverChecks = async (client: pg.Client, postgres: PostgresConfig): Promise<Finding[]> => {
  const [settings] = await query<{
    version: string;
    synchronous_commit: string;
    fsync: string;
    max_connections: string;
    in_use: string;
  }>(
    client,
    `SELECT current_setting('server_version_num') AS version,
            current_setting('synchronous_commit') AS synchronous_commit,
            current_setting('fsync') AS fsync,
            current_setting('max_connections') AS max_connections,
            (SELECT count(*) FROM pg_stat_activity)::text AS in_use`,
  );
  const version = Number(settings!.version);
  const major = Math.floor(version / 10_000);
  const findings = [
    major >= MINIMUM_VERSION
      ? ok('server', `PostgreSQL ${major} (${version})`)
      : fix('server', `PostgreSQL ${major}: Boon's log needs ${MINIMUM_VERSION} or newer`),
    settings!.synchronous_commit === 'off' || settings!.fsync === 'off'
      ? fix(
          'durability',
          `synchronous_commit=${settings!.synchronous_commit}, fsync=${settings!.fsync}: an ` +
            'acknowledged answer can be lost in a crash; set both on',
        )
      : ok('durability', `synchronous_commit=${settings!.synchronous_commit}, fsync on`),
  ];
  const maxConnections = Number(settings!.max_connections);
  const perProcess = connectionsPerProcess(postgres.poolSize);
  const processes = Math.floor(maxConnections / perProcess);
  findings.push(
    processes >= 2
      ? ok(
          'pool',
          `${postgres.poolSize} a pool, up to ${perProcess} connections a process: ` +
            `${processes} processes fit in max_connections=${maxConnections} (${settings!.in_use} open now)`,
        )
      : fix(
          'pool',
          `up to ${perProcess} connections a process (DATABASE_POOL_SIZE=${postgres.poolSize}) ` +
            `leave room for fewer than two in max_connections=${maxConnections}: lower the pool size`,
        ),
  );
  return findings;
};

const schemaChecks = async (client: pg.Client): Promise<Finding> => {
  const [found] = await query<{ events: boolean; append: boolean }>(
    client,
    `SELECT to_regclass('events') IS NOT NULL AS events,
            EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'boon_append_batch') AS append`,
  );
  if (!found!.events && !found!.append)
    return ok('schema', 'no log yet: Boon makes it on first start');
  if (!found!.events || !found!.append) {
    return fix('schema', 'the log is half made: start Boon once, it completes it');
  }
  const [counted] = await query<{ n: string }>(
    client,
    'SELECT count(*)::text AS n FROM (SELECT 1 FROM events LIMIT 1000001) e',
  );
  const n = Number(counted!.n);
  return ok(
    'schema',
    `the log's table and append function are in place (${n > 1_000_000 ? 'over a million' : n} events)`,
  );
};

const vaultCheck = async (config: Config, postgres: PostgresConfig): Promise<Finding> => {
  const url = config.keyVault.databaseUrl ?? keyVaultDatabaseUrl(postgres.url);
  let client: pg.Client | null = null;
  try {
    client = await connect(url);
    const [found] = await query<{ keys: boolean; meta: boolean }>(
      client,
      `SELECT to_regclass('wrapped_keys') IS NOT NULL AS keys, to_regclass('vault_meta') IS NOT NULL AS meta`,
    );
    return found!.keys && found!.meta
      ? ok('key vault', `in ${redacted(url)}, apart from the log`)
      : ok('key vault', `${redacted(url)} is made ready on first start`);
  } catch (error) {
    const missing = (error as { code?: string }).code === '3D000';
    return missing && !config.keyVault.databaseUrl
      ? ok('key vault', `${redacted(url)} is made on first start`)
      : fix('key vault', `${redacted(url)}: ${(error as Error).message}`);
  } finally {
    await client?.end();
  }
};

/** The PostgreSQL server behind DATABASE_URL: version, durability, room for the pools, schema. */
export const postgresFindings = async (
  config: Config,
  postgres: PostgresConfig,
): Promise<Finding[]> => {
  let client: pg.Client;
  try {
    client = await connect(postgres.url);
  } catch (error) {
    return [
      fix(
        'server',
        `DATABASE_URL: ${redacted(postgres.url)} does not answer (${(error as Error).message})`,
      ),
    ];
  }
  try {
    return [
      ...(await serverChecks(client, postgres)),
      await schemaChecks(client),
      await vaultCheck(config, postgres),
    ];
  } finally {
    await client.end();
  }
};
