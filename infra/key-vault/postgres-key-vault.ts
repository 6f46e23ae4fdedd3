import pg from 'pg';
import { openPool } from '../postgres/pool';
import { applySchema } from '../postgres/schema';
import type { KeyVault } from './key-vault';
import { wrappedKeyVault } from './wrapped-vault';

/** Partitions of the keys' table: an erasure rewrites one, 1/64 of the keys. */
const PARTITIONS = 64;

export const VAULT_SCHEMA = `
CREATE TABLE IF NOT EXISTS wrapped_keys (subject text PRIMARY KEY, wrapped bytea NOT NULL)
  PARTITION BY HASH (subject);
DO $$ BEGIN
  FOR i IN 0 .. ${PARTITIONS - 1} LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS wrapped_keys_p%s PARTITION OF wrapped_keys FOR VALUES WITH (MODULUS ${PARTITIONS}, REMAINDER %s)',
      i, i);
  END LOOP;
END $$;
CREATE TABLE IF NOT EXISTS vault_meta (name text PRIMARY KEY, value bytea NOT NULL);
`;

export type PostgresKeyVault = KeyVault & {
  close: () => Promise<void>;
  /** Where the keys live (the database's name), for logs and the doctor. */
  readonly database: string;
  readonly pool: pg.Pool;
};

/**
 * Keys wrapped by the key-encryption key, in a PostgreSQL database of their own (never the
 * log's): a dump of the log or of the read models holds no key, and access to each database is
 * granted apart.
 *
 * A deleted row stays in the table's file as a dead tuple, and a plain VACUUM only marks its
 * space free (the bytes stay until something is written over them: measured). So the keys'
 * table is split into ${PARTITIONS} hash partitions and a destroyed key is followed by a
 * `VACUUM FULL` of its partition, which writes the partition's live rows into a new file and
 * truncates the old one at once: 1/64 of the vault, locked for the few milliseconds that takes.
 * An erasure waits for it. `tests/contract/postgres-key-vault.contract.test.ts` reads the
 * partition's file to check. The write-ahead log still holds the key's insert until its segment
 * is recycled; a copy of it, like a backup, still needs the key-encryption key, kept apart.
 */
/** Longest an erasure waits for the transactions that may keep the key it deleted on disk. */
const OLDER_TRANSACTIONS_WAIT_MS = 5_000;

/**
 * Waits until no transaction that began before now is still open (bounded): `VACUUM FULL`
 * copies a deleted row into the new file while a transaction might still see it (an
 * autovacuum's ANALYZE, a backup's dump, a reader mid-query; the oldest running transaction
 * id of any database of the cluster holds back what may be removed), and the key would stay on
 * disk. Other roles' sessions show their transactions only to a role with `pg_read_all_stats`.
 */
const untilNoOlderTransaction = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  const deadline = Date.now() + OLDER_TRANSACTIONS_WAIT_MS;
  for (;;) {
    const older = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE pid <> pg_backend_pid()
         AND (backend_xmin IS NOT NULL OR backend_xid IS NOT NULL) AND xact_start < $1`,
      [rows[0]!.now],
    );
    if (older.rows[0]!.n === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const openPostgresKeyVault = async (
  connectionString: string,
  kek: Buffer,
  options: { poolSize?: number; statementTimeoutMs?: number; mustExist?: boolean } = {},
): Promise<PostgresKeyVault> => {
  const pool = openPool({
    connectionString,
    applicationName: 'boon-key-vault',
    poolSize: options.poolSize ?? 4,
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { statementTimeoutMs: options.statementTimeoutMs }),
  });
  const bytes = (rows: { value: Buffer }[]) => rows[0]?.value ?? null;
  try {
    await applySchema(pool, 'boon:key-vault', VAULT_SCHEMA);
    const database = new URL(connectionString).pathname.slice(1) || 'postgres';
    const vault = await wrappedKeyVault(
      {
        get: async (subject) =>
          bytes(
            (
              await pool.query<{ value: Buffer }>(
                'SELECT wrapped AS value FROM wrapped_keys WHERE subject = $1',
                [subject],
              )
            ).rows,
          ),
        getMany: async (subjects) => {
          const { rows } = await pool.query<{ subject: string; value: Buffer }>(
            'SELECT subject, wrapped AS value FROM wrapped_keys WHERE subject = ANY($1::text[])',
            [subjects],
          );
          return new Map(rows.map((row) => [row.subject, row.value]));
        },
        insertIfAbsent: async (subject, wrapped) => {
          await pool.query(
            'INSERT INTO wrapped_keys (subject, wrapped) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING',
            [subject, wrapped],
          );
        },
        delete: async (subject) => {
          const { rows } = await pool.query<{ partition: string }>(
            'DELETE FROM wrapped_keys WHERE subject = $1 RETURNING tableoid::regclass::text AS partition',
            [subject],
          );
          if (rows.length === 0) return;
          await untilNoOlderTransaction(pool);
          // The name comes from the catalog (wrapped_keys_pN), never from the caller.
          for (const { partition } of rows) {
            await pool.query(`VACUUM (FULL) ${pg.escapeIdentifier(partition)}`);
          }
        },
        list: async (after, limit) =>
          (
            await pool.query<{ subject: string }>(
              'SELECT subject FROM wrapped_keys WHERE subject COLLATE "C" > $1 ORDER BY subject COLLATE "C" LIMIT $2',
              [after ?? '', limit],
            )
          ).rows.map((row) => row.subject),
        getCheck: async () =>
          bytes(
            (
              await pool.query<{ value: Buffer }>(
                "SELECT value FROM vault_meta WHERE name = 'kek-check'",
              )
            ).rows,
          ),
        setCheckIfAbsent: async (wrapped) => {
          await pool.query(
            "INSERT INTO vault_meta (name, value) VALUES ('kek-check', $1) ON CONFLICT (name) DO NOTHING",
            [wrapped],
          );
        },
      },
      kek,
      `PostgreSQL database ${database}`,
      { mustExist: options.mustExist ?? false },
    );
    return { ...vault, database, pool, close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
};
