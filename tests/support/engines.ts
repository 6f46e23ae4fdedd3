import { randomBytes } from 'node:crypto';
import type { EventStore } from '../../infra/event-store/event-store';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import { openPostgresKeyVault } from '../../infra/key-vault/postgres-key-vault';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { ReadCounter } from '../../infra/read-store/sqlite/document-tables';
import { createTestDatabase, postgresServer } from './postgres';

/**
 * Which engines the suites that take either run on: the embedded ones (in-memory SQLite) by
 * default, PostgreSQL with `BOON_TEST_ENGINE=postgres` (`npm test` runs the projection specs and
 * the API suites a second time that way). A run asked for PostgreSQL fails where no server
 * answers: it never passes on the embedded engines in its stead.
 */
export const testEngine: 'embedded' | 'postgres' =
  process.env.BOON_TEST_ENGINE === 'postgres' ? 'postgres' : 'embedded';

const requireServer = async () => {
  const server = await postgresServer();
  if (!server.available) throw new Error(`BOON_TEST_ENGINE=postgres: ${server.skipReason}`);
};

/** A read store of the test's own, and what drops it. */
export const openTestReadStore = async (): Promise<{
  store: ReadStore;
  close: () => Promise<void>;
}> => {
  if (testEngine === 'embedded') {
    const store = openMemoryReadStore();
    return { store, close: () => store.close() };
  }
  await requireServer();
  const database = await createTestDatabase('boon_spec');
  const store = await openPostgresReadStore({ connectionString: database.url, poolSize: 1 });
  return {
    store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
};

export type TestEngineStores = {
  log: EventStore;
  /**
   * The last position written, whether readers may see it yet (on PostgreSQL an event is read
   * once every transaction below it has ended); null where the two are always the same.
   */
  writtenHead: (() => Promise<bigint | null>) | null;
  /** The embedded store counts the documents it reads; a test that uses files reads it. */
  readStore: ReadStore & { counter?: Readonly<ReadCounter> };
  vault: KeyVault;
  close: () => Promise<void>;
};

/**
 * The log, the read models and the key vault on PostgreSQL, as `DATABASE_URL` puts them: a
 * database for the log and the read models and one of its own for the vault.
 */
export const openPostgresTestStores = async (options: {
  keyEncryptionKey?: Buffer;
  pollIntervalMs?: number;
}): Promise<TestEngineStores> => {
  await requireServer();
  const database = await createTestDatabase('boon_app');
  const keys = await createTestDatabase('boon_keys');
  const log = await openPostgresEventStore({
    connectionString: database.url,
    poolSize: 4,
    pollIntervalMs: options.pollIntervalMs ?? 20,
  });
  const readStore = await openPostgresReadStore({
    connectionString: database.url,
    poolSize: 4,
    pollIntervalMs: 50,
  });
  const vault = await openPostgresKeyVault(keys.url, options.keyEncryptionKey ?? randomBytes(32), {
    poolSize: 2,
  });
  return {
    log,
    writtenHead: log.writtenHead,
    readStore,
    vault,
    close: async () => {
      await log.close();
      await readStore.close();
      await vault.close();
      await database.drop();
      await keys.drop();
    },
  };
};
