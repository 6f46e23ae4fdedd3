import { afterAll, describe, it } from 'vitest';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { checkQueryProperty } from '../support/query-property';
import { describeReadStoreContract } from './read-store-contract';

const server = await postgresServer();
const database = server.available ? await createTestDatabase('boon_read_store') : null;
afterAll(async () => {
  await database?.drop();
});

const open = () => openPostgresReadStore({ connectionString: database!.url, poolSize: 4 });

describeReadStoreContract(
  'PostgreSQL',
  open,
  server.available ? {} : { skipReason: server.skipReason },
);

describe.skipIf(!server.available)('the PostgreSQL dialect of the query plan', () => {
  it('selects, orders and pages exactly the documents MongoDB would, and refuses the rest', async () => {
    const store = await open();
    try {
      await checkQueryProperty(store, 300);
    } finally {
      await store.close();
    }
  }, 120_000);
});
