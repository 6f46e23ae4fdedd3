import type { SqliteDatabase } from '../sqlite';
import type { KeyVault } from './key-vault';
import { openKeyWriterThread } from './key-writer-thread';
import { wrappedKeyVault } from './wrapped-vault';

export const SQLITE_VAULT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS wrapped_keys (subject TEXT PRIMARY KEY, wrapped BLOB NOT NULL);
  CREATE TABLE IF NOT EXISTS vault_meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
`;

/**
 * Keys in a database file of their own (`keys.sqlite`), never the log's: a backup of the
 * log holds no key, and a copy of this file holds only keys wrapped by the key-encryption key.
 */
export const openSqliteKeyVault = async (
  db: SqliteDatabase,
  kek: Buffer,
  /**
   * `writerThread`: new keys are committed by a thread of their own (the server's vault).
   * `mustExist`: refuse a vault never used before (the log it serves holds events).
   */
  options: { writerThread?: boolean; mustExist?: boolean } = {},
): Promise<KeyVault & { close(): Promise<void> }> => {
  db.exec(SQLITE_VAULT_SCHEMA);
  // Destroyed keys are overwritten on disk, not just unlinked from the B-tree.
  db.pragma('secure_delete = ON');
  const select = db.prepare<[string], { wrapped: Buffer }>(
    'SELECT wrapped FROM wrapped_keys WHERE subject = ?',
  );
  const insert = db.prepare<[string, Buffer]>(
    'INSERT INTO wrapped_keys (subject, wrapped) VALUES (?, ?) ON CONFLICT(subject) DO NOTHING',
  );
  const remove = db.prepare<[string]>('DELETE FROM wrapped_keys WHERE subject = ?');
  const list = db.prepare<[string, number], { subject: string }>(
    'SELECT subject FROM wrapped_keys WHERE subject > ? ORDER BY subject LIMIT ?',
  );
  const selectCheck = db.prepare<[], { value: Buffer }>(
    "SELECT value FROM vault_meta WHERE name = 'kek-check'",
  );
  const insertCheck = db.prepare<[Buffer]>(
    "INSERT INTO vault_meta (name, value) VALUES ('kek-check', ?) ON CONFLICT(name) DO NOTHING",
  );
  // New keys asked for in the same turn of the event loop share one commit (one fsync): the
  // first answers of many people at once each need a key.
  let waiting: {
    subject: string;
    wrapped: Buffer;
    done: () => void;
    fail: (e: unknown) => void;
  }[] = [];
  const insertAll = db.transaction((batch: typeof waiting) =>
    batch.forEach(({ subject, wrapped }) => insert.run(subject, wrapped)),
  );
  const flush = () => {
    const batch = waiting;
    waiting = [];
    try {
      insertAll.immediate(batch);
      batch.forEach(({ done }) => done());
    } catch {
      for (const item of batch) {
        try {
          insert.run(item.subject, item.wrapped);
          item.done();
        } catch (error) {
          item.fail(error);
        }
      }
    }
  };
  // On the writer thread: one batch in flight; keys asked for meanwhile share the next commit.
  const thread = options.writerThread && !db.memory ? openKeyWriterThread(db.name) : null;
  let writing = false;
  const flushOnThread = () => {
    if (writing || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    writing = true;
    thread!
      .write(batch.map(({ subject, wrapped }) => [subject, wrapped]))
      .then(
        () => batch.forEach(({ done }) => done()),
        (error: unknown) => batch.forEach(({ fail }) => fail(error)),
      )
      .finally(() => {
        writing = false;
        flushOnThread();
      });
  };
  const insertIfAbsent = (subject: string, wrapped: Buffer) =>
    new Promise<void>((done, fail) => {
      if (waiting.length === 0) setImmediate(thread ? flushOnThread : flush);
      waiting.push({ subject, wrapped, done, fail });
    });
  const vault = await wrappedKeyVault(
    {
      get: async (subject) => select.get(subject)?.wrapped ?? null,
      // One indexed lookup each, in this thread: no round trips to save.
      getMany: async (subjects) => {
        const found = new Map<string, Buffer>();
        for (const subject of subjects) {
          const wrapped = select.get(subject)?.wrapped;
          if (wrapped) found.set(subject, wrapped);
        }
        return found;
      },
      insertIfAbsent,
      delete: async (subject) => void remove.run(subject),
      list: async (after, limit) => list.all(after ?? '', limit).map((row) => row.subject),
      getCheck: async () => selectCheck.get()?.value ?? null,
      setCheckIfAbsent: async (wrapped) => void insertCheck.run(wrapped),
    },
    kek,
    db.name,
    { mustExist: options.mustExist ?? false },
  );
  return { ...vault, close: async () => thread?.close() };
};
