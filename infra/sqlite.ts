import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateFile, PRIVATE_DIRECTORY_MODE, tightenIfPresent } from './private-files';

export type SqliteDatabase = Database.Database;

export type Synchronous = 'FULL' | 'NORMAL';

/**
 * Opens an embedded database file. WAL lets readers work while a writer commits;
 * `synchronous=FULL` makes every acknowledged commit survive a crash of the process and of
 * the machine. The file is the owner's alone (0600); SQLite gives its -wal and -shm files
 * the same mode, and older ones are tightened.
 */
export const openSqlite = (file: string, synchronous: Synchronous = 'FULL'): SqliteDatabase => {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    ensurePrivateFile(file);
    tightenIfPresent(`${file}-wal`);
    tightenIfPresent(`${file}-shm`);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  return db;
};
