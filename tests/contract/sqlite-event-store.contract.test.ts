import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { describeEventStoreContract } from './event-store-contract';

describeEventStoreContract('SQLite (embedded)', async () => {
  const db = openSqlite(':memory:');
  const store = openSqliteEventStore(db, { pollIntervalMs: 20 });
  return {
    ...store,
    close: async () => {
      await store.close();
      db.close();
    },
  };
});

// The server's shape: a file, its commits on a writer thread of their own.
describeEventStoreContract('SQLite (embedded, writer thread)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-log-thread-'));
  const db = openSqlite(join(dir, 'boon.sqlite'));
  const store = openSqliteEventStore(db, {
    pollIntervalMs: 20,
    writerThread: { synchronous: 'FULL' },
  });
  return {
    ...store,
    close: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
