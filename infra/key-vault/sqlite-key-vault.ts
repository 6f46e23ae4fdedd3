import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../sqlite';
import type { KeyVault } from './key-vault';

/** Keys in their own table of the embedded database: never part of the log, never rebuilt. */
export const openSqliteKeyVault = (db: SqliteDatabase): KeyVault => {
  db.exec('CREATE TABLE IF NOT EXISTS personal_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
  const select = db.prepare<[string], { key: Buffer }>(
    'SELECT key FROM personal_keys WHERE subject = ?',
  );
  const insert = db.prepare<[string, Buffer]>(
    'INSERT INTO personal_keys (subject, key) VALUES (?, ?) ON CONFLICT(subject) DO NOTHING',
  );
  const remove = db.prepare<[string]>('DELETE FROM personal_keys WHERE subject = ?');
  const find = async (subject: string) => select.get(subject)?.key ?? null;
  return {
    find,
    keyFor: async (subject) => {
      insert.run(subject, randomBytes(32));
      return (await find(subject))!;
    },
    destroy: async (subject) => {
      remove.run(subject);
    },
  };
};
