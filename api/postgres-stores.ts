import pg from 'pg';
import type { Config, PostgresConfig } from '../infra/config';
import type { EventStore } from '../infra/event-store/event-store';
import { openPostgresEventStore } from '../infra/event-store/postgres-event-store';
import type { KeyVault } from '../infra/key-vault/key-vault';
import { openPostgresKeyVault } from '../infra/key-vault/postgres-key-vault';
import type { Logger } from '../infra/logger';
import type { ReadStore } from '../infra/read-store/read-store';
import { openPostgresReadStore } from '../infra/read-store/postgres/postgres-read-store';

/** A PostgreSQL setting that does not lead to a usable database: said in one line at start. */
export class PostgresUnreachableError extends Error {
  constructor(variable: string, url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${variable}: PostgreSQL at ${redacted(url)} cannot be used (${reason})`);
    this.name = 'PostgresUnreachableError';
  }
}

/** The URL as it may be logged: without its password. */
export const redacted = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
};

/** Opens, naming the variable behind any failure (a refusal of the vault itself is said as is). */
const named = async <T>(variable: string, url: string, open: () => Promise<T>): Promise<T> => {
  try {
    return await open();
  } catch (error) {
    if (error instanceof Error && /^KeyVault/.test(error.name)) throw error;
    throw new PostgresUnreachableError(variable, url, error);
  }
};

export const openPostgresReadModels = (
  postgres: PostgresConfig,
  logger: Logger,
): Promise<ReadStore> =>
  named('DATABASE_URL', postgres.url, () =>
    openPostgresReadStore({
      connectionString: postgres.url,
      poolSize: postgres.poolSize,
      statementTimeoutMs: postgres.statementTimeoutMs,
      onWarning: (err, message) => logger.warn({ err }, message),
    }),
  );

/** `ordered`: one batch of appends at a time, so appends commit in the order made (a copy). */
export const openPostgresLog = (postgres: PostgresConfig, ordered = false): Promise<EventStore> =>
  named('DATABASE_URL', postgres.url, () =>
    openPostgresEventStore({
      connectionString: postgres.url,
      poolSize: postgres.poolSize,
      statementTimeoutMs: postgres.statementTimeoutMs,
      ...(ordered ? { concurrentBatches: 1 } : {}),
    }),
  );

const SQLSTATE_NO_DATABASE = '3D000';

/**
 * The vault's default database (`<name>_keys` beside DATABASE_URL's) is made on first start,
 * by the log's role; a database named by KEY_VAULT_DATABASE_URL must exist already.
 */
export const createVaultDatabase = async (logUrl: string, vaultUrl: string) => {
  const client = new pg.Client({ connectionString: logUrl, connectionTimeoutMillis: 3000 });
  // A connection the server ends fails the statement under way; its error event is not a crash.
  client.on('error', () => {});
  await client.connect();
  try {
    const name = decodeURIComponent(new URL(vaultUrl).pathname.slice(1));
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).catch((error: unknown) => {
      // Another process made it first.
      if ((error as { code?: string }).code !== '42P04') throw error;
    });
  } finally {
    await client.end();
  }
};

export const openPostgresVault = async (
  config: Config,
  url: string,
  kek: Buffer,
  mustExist: boolean,
): Promise<{ vault: KeyVault; engine: string; close: () => Promise<void> }> => {
  const variable = config.keyVault.databaseUrl ? 'KEY_VAULT_DATABASE_URL' : 'DATABASE_URL';
  const open = () =>
    openPostgresKeyVault(url, kek, {
      mustExist,
      ...(config.postgres ? { statementTimeoutMs: config.postgres.statementTimeoutMs } : {}),
    });
  const vault = await named(variable, url, async () => {
    try {
      return await open();
    } catch (error) {
      const missing = (error as { code?: string }).code === SQLSTATE_NO_DATABASE;
      if (!missing || config.keyVault.databaseUrl || !config.postgres) throw error;
      await createVaultDatabase(config.postgres.url, url);
      return open();
    }
  });
  return { vault, engine: 'postgres', close: vault.close };
};
