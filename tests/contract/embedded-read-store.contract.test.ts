import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openEmbeddedReadStore,
  openMemoryReadStore,
} from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { describeReadStoreContract } from './read-store-contract';

describeReadStoreContract(
  'embedded (SQLite file: a writing and a reading connection)',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-read-store-'));
    const db = openSqlite(join(dir, 'read-models.sqlite'), 'NORMAL');
    const store = openEmbeddedReadStore(db);
    return {
      ...store,
      close: async () => {
        await store.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
);

describeReadStoreContract('embedded (SQLite in memory: one connection, for specs)', async () =>
  openMemoryReadStore(),
);
