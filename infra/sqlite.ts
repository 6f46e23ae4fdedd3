import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;

export type Synchronous = 'FULL' | 'NORMAL';

/**
 * Opens the embedded database file (events and read models live in the same file).
 * WAL lets readers work while a writer commits; `synchronous=FULL` makes every
 * acknowledged commit survive a crash of the process and of the machine.
 */
export const openSqlite = (file: string, synchronous: Synchronous = 'FULL'): SqliteDatabase => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  return db;
};
