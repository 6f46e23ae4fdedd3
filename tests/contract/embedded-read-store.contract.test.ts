import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { describeReadStoreContract } from './read-store-contract';

describeReadStoreContract('embedded (mingo over SQLite)', async () => {
  const db = openSqlite(':memory:');
  const store = openEmbeddedReadStore(db);
  return {
    ...store,
    close: async () => {
      await store.close();
      db.close();
    },
  };
});
