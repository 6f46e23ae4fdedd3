import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { ensurePrivateDirectory, ensurePrivateFile } from '../../infra/private-files';
import { quoteIdentifier } from '../../infra/read-store/sqlite/sql-names';
import { openSqlite } from '../../infra/sqlite';
import { KEY_VAULT_FILE, LOG_FILE } from '../stores';
import { summarizeLog, type LogSummary } from './log-digest';
import { CliError } from './cli';
import { moveIntoPlace, outputPath, temporaryPathFor } from './safe-output';

/** What a backup, restore or migration refuses: said in one line by the tools. */
export class BackupError extends CliError {
  override name = 'BackupError';
}

/** Tables of the log's file that are read models: rebuilt from the log, so never backed up. */
const READ_MODEL_TABLES = /^read_/;

/**
 * A consistent copy of one SQLite file while other processes write to it (SQLite's online
 * backup API), written owner-only under a temporary name beside the target (the caller
 * renames it into place when whole; a failure removes it).
 */
const copyOnline = async (db: Database.Database, target: string) => {
  const partial = temporaryPathFor(target);
  ensurePrivateFile(partial);
  try {
    // After a first step, the rest in one: under a steady stream of commits, small steps
    // would start over at each one and might never finish.
    await db.backup(partial, { progress: ({ totalPages }) => totalPages });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  return partial;
};

const tablesOf = (db: Database.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_'));

const summarize = async (file: string): Promise<LogSummary> => {
  const db = openSqlite(file);
  const events = openSqliteEventStore(db);
  try {
    return await summarizeLog(events);
  } finally {
    await events.close();
    db.close();
  }
};

export type BackupReport = { log: LogSummary; logFile: string; keysFile: string | null };

/**
 * Backs up the embedded event log (without its read models) to `out`, and the key vault to
 * `keysOut`: two files to keep apart, as the log alone unseals nothing. The log is copied
 * first, so every key an event in it needs is in the key backup taken after. Neither lands in
 * a data folder or on an engine's file, nor replaces a file unless `force`; each is written
 * under a temporary name and renamed into place only once both are whole.
 */
export const backupEmbedded = async (options: {
  dataDir: string;
  out: string;
  keysOut: string | null;
  force?: boolean;
}): Promise<BackupReport> => {
  const logFile = join(options.dataDir, LOG_FILE);
  if (!existsSync(logFile)) throw new BackupError(`no event log at ${logFile}`);
  const rules = { force: options.force ?? false, dataDirs: [options.dataDir] };
  const out = outputPath(options.out, rules);
  const keysOut = options.keysOut ? outputPath(options.keysOut, rules) : null;
  if (out === keysOut) throw new BackupError('the log and the key vault go to two files');
  const vaultFile = join(options.dataDir, KEY_VAULT_FILE);
  if (keysOut && !existsSync(vaultFile)) throw new BackupError(`no key vault at ${vaultFile}`);
  const written: string[] = [];
  try {
    const partialLog = await copyOnline(openSqlite(logFile), out);
    written.push(partialLog);
    const copy = new Database(partialLog);
    try {
      for (const table of tablesOf(copy).filter((name) => READ_MODEL_TABLES.test(name))) {
        copy.exec(`DROP TABLE ${quoteIdentifier(table)}`);
      }
      copy.exec('VACUUM');
    } finally {
      copy.close();
    }
    const partialKeys = keysOut ? await copyOnline(openSqlite(vaultFile), keysOut) : null;
    if (partialKeys) written.push(partialKeys);
    const log = await summarize(partialLog);
    if (partialKeys) await moveIntoPlace(partialKeys, keysOut!);
    await moveIntoPlace(partialLog, out);
    return { log, logFile: out, keysFile: keysOut };
  } finally {
    for (const partial of written) rmSync(partial, { force: true });
  }
};

/** A backup file that SQLite finds whole and that holds a log (or a key vault). */
export const checkBackup = (file: string, table: string) => {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
    if (!tablesOf(db).includes(table)) throw new BackupError(`${file} holds no ${table} table`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a Boon backup (${(error as Error).message})`);
  } finally {
    db?.close();
  }
};

/** Copies a backup into place, reading it only: the backup itself stays as it was. */
const restoreFile = async (from: string, target: string) => {
  const partial = await copyOnline(new Database(from, { readonly: true }), target);
  await moveIntoPlace(partial, target);
};

/**
 * Restores a backup into an empty data folder: the log, and the key vault from its own
 * backup. Read models are rebuilt from the log when Boon first starts there.
 */
export const restoreEmbedded = async (options: {
  from: string;
  keysFrom: string | null;
  dataDir: string;
}): Promise<LogSummary> => {
  const logFile = join(options.dataDir, LOG_FILE);
  const vaultFile = join(options.dataDir, KEY_VAULT_FILE);
  for (const file of [logFile, vaultFile]) {
    if (existsSync(file)) throw new BackupError(`${file} exists: restore into an empty folder`);
  }
  checkBackup(options.from, 'events');
  if (options.keysFrom) checkBackup(options.keysFrom, 'wrapped_keys');
  ensurePrivateDirectory(options.dataDir);
  await restoreFile(options.from, logFile);
  if (options.keysFrom) await restoreFile(options.keysFrom, vaultFile);
  return summarize(logFile);
};
