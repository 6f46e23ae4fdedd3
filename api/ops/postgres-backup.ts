import { rmSync } from 'node:fs';
import pg from 'pg';
import { keyVaultDatabaseUrl } from '../../infra/config';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { VAULT_SCHEMA } from '../../infra/key-vault/postgres-key-vault';
import { SQLITE_VAULT_SCHEMA } from '../../infra/key-vault/sqlite-key-vault';
import { applySchema } from '../../infra/postgres/schema';
import { ensurePrivateFile } from '../../infra/private-files';
import { openSqlite } from '../../infra/sqlite';
import { createVaultDatabase } from '../postgres-stores';
import { BackupError, checkBackup, type BackupReport } from './embedded-backup';
import { summarizeLog, type LogSummary } from './log-digest';
import { copyLog } from './replay';
import { moveIntoPlace, outputPath, temporaryPathFor } from './safe-output';

/**
 * Backups of a PostgreSQL store are files of the embedded backup's own format: the log as an
 * SQLite file of events (read models left out: they are rebuilt), the key vault as an SQLite
 * file of wrapped keys (copied as they are: still wrapped by the key-encryption key, which is
 * kept apart and never read here). So one backup restores into PostgreSQL or into a data
 * folder alike, and `npm run restore` checks either the same way.
 */

const PAGE = 5000;

type VaultRow = { subject: string; wrapped: Buffer };

const vaultUrlOf = (databaseUrl: string, vaultUrl: string | undefined) =>
  vaultUrl ?? keyVaultDatabaseUrl(databaseUrl);

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // A connection the server ends fails the statement under way: said there, not as a crash.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The log up to its head, copied into a new SQLite file under a temporary name. */
const backUpLog = async (databaseUrl: string, target: string) => {
  const partial = temporaryPathFor(target);
  ensurePrivateFile(partial);
  const source = await openPostgresEventStore({ connectionString: databaseUrl, poolSize: 2 });
  const file = openSqlite(partial);
  const copy = openSqliteEventStore(file);
  try {
    await copyLog(source, copy);
    return { partial, summary: await summarizeLog(copy) };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await copy.close();
    file.close();
    await source.close();
  }
};

/** The vault's rows, still wrapped, into a new SQLite file under a temporary name. */
const backUpVault = async (vaultUrl: string, target: string) => {
  const partial = temporaryPathFor(target);
  ensurePrivateFile(partial);
  const file = openSqlite(partial);
  try {
    file.exec(SQLITE_VAULT_SCHEMA);
    const insertKey = file.prepare('INSERT INTO wrapped_keys (subject, wrapped) VALUES (?, ?)');
    const insertMeta = file.prepare('INSERT INTO vault_meta (name, value) VALUES (?, ?)');
    await withClient(vaultUrl, async (client) => {
      const meta = await client.query<{ name: string; value: Buffer }>(
        'SELECT name, value FROM vault_meta',
      );
      if (meta.rows.length === 0) throw new BackupError(`no key vault at ${redactedUrl(vaultUrl)}`);
      meta.rows.forEach((row) => insertMeta.run(row.name, row.value));
      for (let after = ''; ;) {
        const { rows } = await client.query<VaultRow>(
          `SELECT subject, wrapped FROM wrapped_keys WHERE subject COLLATE "C" > $1
            ORDER BY subject COLLATE "C" LIMIT ${PAGE}`,
          [after],
        );
        file.transaction(() => rows.forEach((row) => insertKey.run(row.subject, row.wrapped)))();
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.subject;
      }
    });
    return partial;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    file.close();
  }
};

const redactedUrl = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

/**
 * Backs up a PostgreSQL store while Boon serves: the log first, then the key vault (so every
 * key an event in the log backup needs is in the key backup taken after), each to its own
 * file, written under a temporary name and renamed into place once both are whole.
 */
export const backupPostgres = async (options: {
  databaseUrl: string;
  vaultUrl: string | undefined;
  out: string;
  keysOut: string | null;
  force: boolean;
  dataDirs: string[];
}): Promise<BackupReport> => {
  const rules = { force: options.force, dataDirs: options.dataDirs };
  const out = outputPath(options.out, rules);
  const keysOut = options.keysOut ? outputPath(options.keysOut, rules) : null;
  if (out === keysOut) throw new BackupError('the log and the key vault go to two files');
  const written: string[] = [];
  try {
    const log = await backUpLog(options.databaseUrl, out);
    written.push(log.partial);
    const keys = keysOut
      ? await backUpVault(vaultUrlOf(options.databaseUrl, options.vaultUrl), keysOut)
      : null;
    if (keys) written.push(keys);
    if (keys) await moveIntoPlace(keys, keysOut!);
    await moveIntoPlace(log.partial, out);
    return { log: log.summary, logFile: out, keysFile: keysOut };
  } finally {
    for (const partial of written) rmSync(partial, { force: true });
  }
};

/**
 * Restores a backup (of either engine) into an empty PostgreSQL store: the log replayed into
 * its events table, the vault's wrapped keys copied as they are into `<name>_keys` (made when
 * missing). Read models are built when Boon first starts on it.
 */
export const restorePostgres = async (options: {
  from: string;
  keysFrom: string | null;
  databaseUrl: string;
  vaultUrl: string | undefined;
}): Promise<LogSummary> => {
  checkBackup(options.from, 'events');
  if (options.keysFrom) checkBackup(options.keysFrom, 'wrapped_keys');
  const vaultUrl = vaultUrlOf(options.databaseUrl, options.vaultUrl);
  const destination = await openPostgresEventStore({ connectionString: options.databaseUrl });
  try {
    const holdsEvents = await destination.pool.query('SELECT 1 FROM events LIMIT 1');
    if (holdsEvents.rows.length > 0) {
      throw new BackupError(
        `${redactedUrl(options.databaseUrl)} holds events: restore into an empty database`,
      );
    }
    if (options.keysFrom) await restoreVault(options.keysFrom, options.databaseUrl, vaultUrl);
    const file = openSqlite(options.from);
    const backup = openSqliteEventStore(file);
    try {
      await copyLog(backup, destination);
    } finally {
      await backup.close();
      file.close();
    }
    return await summarizeLog(destination);
  } finally {
    await destination.close();
  }
};

const restoreVault = async (keysFrom: string, databaseUrl: string, vaultUrl: string) => {
  const open = () => {
    const pool = new pg.Pool({ connectionString: vaultUrl, max: 1 });
    return applySchema(pool, 'boon:key-vault', VAULT_SCHEMA).then(
      () => pool,
      async (error: unknown) => {
        await pool.end();
        throw error;
      },
    );
  };
  const pool = await open().catch(async (error: unknown) => {
    if ((error as { code?: string }).code !== '3D000') throw error;
    await createVaultDatabase(databaseUrl, vaultUrl);
    return open();
  });
  const file = openSqlite(keysFrom);
  try {
    const held = await pool.query('SELECT 1 FROM wrapped_keys LIMIT 1');
    const checked = await pool.query('SELECT 1 FROM vault_meta LIMIT 1');
    if (held.rows.length > 0 || checked.rows.length > 0) {
      throw new BackupError(
        `${redactedUrl(vaultUrl)} holds a key vault: restore into an empty one`,
      );
    }
    const meta = file.prepare('SELECT name, value FROM vault_meta').all() as {
      name: string;
      value: Buffer;
    }[];
    const keys = file.prepare('SELECT subject, wrapped FROM wrapped_keys ORDER BY subject');
    await pool.query('BEGIN');
    for (const row of meta) {
      await pool.query('INSERT INTO vault_meta (name, value) VALUES ($1, $2)', [
        row.name,
        row.value,
      ]);
    }
    let page: VaultRow[] = [];
    const flush = async () => {
      if (page.length === 0) return;
      await pool.query(
        'INSERT INTO wrapped_keys (subject, wrapped) SELECT * FROM unnest($1::text[], $2::bytea[])',
        [page.map((row) => row.subject), page.map((row) => row.wrapped)],
      );
      page = [];
    };
    for (const row of keys.iterate() as IterableIterator<VaultRow>) {
      page.push(row);
      if (page.length >= PAGE) await flush();
    }
    await flush();
    await pool.query('COMMIT');
  } catch (error) {
    await pool.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    file.close();
    await pool.end();
  }
};
