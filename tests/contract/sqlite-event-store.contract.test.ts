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
