import type { MongoClient } from 'mongodb';
import type { SqliteDatabase } from '../sqlite';
import type { KeyVault, PersonalKey } from './key-vault';

/**
 * Earlier versions kept personal keys in the clear in the log's own file. Moves them into the
 * vault, then deletes them from that file for good: the rows are overwritten (secure_delete),
 * the table dropped, and the WAL folded in and truncated so no old page keeps a copy.
 * Safe to repeat after a crash: the vault keeps a key it already has.
 */
export const moveLegacySqliteKeys = async (
  logFile: SqliteDatabase,
  vault: KeyVault,
): Promise<number> => {
  const table = logFile
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'personal_keys'")
    .get();
  if (!table) return 0;
  const keys = logFile
    .prepare<[], PersonalKey>('SELECT subject, key FROM personal_keys')
    .all()
    .map(({ subject, key }) => ({ subject, key: Buffer.from(key) }));
  await vault.importKeys(keys);
  const secureDelete = logFile.pragma('secure_delete', { simple: true }) as number;
  logFile.pragma('secure_delete = ON');
  logFile.transaction(() => {
    logFile.exec('DELETE FROM personal_keys');
    logFile.exec('DROP TABLE personal_keys');
  })();
  logFile.pragma('wal_checkpoint(TRUNCATE)');
  logFile.pragma(`secure_delete = ${secureDelete}`);
  return keys.length;
};

/** The same for MongoDB: keys from the read models' database move to the vault's. */
export const moveLegacyMongoKeys = async (
  client: MongoClient,
  vault: KeyVault,
): Promise<number> => {
  const db = client.db();
  const exists = await db.listCollections({ name: 'personal_keys' }, { nameOnly: true }).toArray();
  if (exists.length === 0) return 0;
  const docs = await db
    .collection<{ _id: string; key: { buffer: Uint8Array } }>('personal_keys')
    .find()
    .toArray();
  await vault.importKeys(
    docs.map((doc) => ({ subject: doc._id, key: Buffer.from(doc.key.buffer) })),
  );
  await db.collection('personal_keys').drop();
  return docs.length;
};
