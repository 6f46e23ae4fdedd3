import { randomBytes } from 'node:crypto';
import type { EventStore } from '../../infra/event-store/event-store';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import { openPostgresKeyVault, VAULT_SCHEMA } from '../../infra/key-vault/postgres-key-vault';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { ReadCounter } from '../../infra/read-store/sqlite/document-tables';
import pg from 'pg';
import { createTestDatabase, postgresServer, testTemplate } from './postgres';

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
  /**
   * Copies of a template the run makes once (tests/support/postgres.ts) instead of empty
   * databases: `prepare` gets the template's stores, empty, and lays down what every copy starts
   * from (the test app opens its runtime there, which makes the projections' first generations),
   * then the template is closed. `kind` names what it prepares.
   */
  template?: { kind: string; prepare: (stores: TestEngineStores) => Promise<void> };
}): Promise<TestEngineStores> => {
  await requireServer();
  const { template } = options;
  const appTemplate = template
    ? await testTemplate(template.kind, async (url) => {
        const stores = await openStores(url, null, options);
        try {
          await template.prepare(stores);
        } finally {
          await stores.close();
        }
      })
    : undefined;
  const keysTemplate = template
    ? await testTemplate('keys', async (url) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(VAULT_SCHEMA);
        } finally {
          await client.end();
        }
      })
    : undefined;
  const [database, keys] = await Promise.all([
    createTestDatabase('boon_app', appTemplate),
    createTestDatabase('boon_keys', keysTemplate),
  ]);
  const stores = await openStores(database.url, keys.url, options);
  return {
    ...stores,
    close: async () => {
      await stores.close();
      await Promise.all([database.drop(), keys.drop()]);
    },
  };
};

/** A template holds no key: whatever asks its vault for one fails the run loudly. */
const refuse = (): never => {
  throw new Error('a test template has no key vault: no event may be written while preparing it');
};
const noVault: KeyVault = {
  keyFor: async () => refuse(),
  find: async () => refuse(),
  findMany: async () => refuse(),
  destroy: async () => refuse(),
  importKeys: async () => refuse(),
  listSubjects: async () => refuse(),
};

/** The log, the read models and (given its database) the vault, on databases that exist. */
const openStores = async (
  url: string,
  keysUrl: string | null,
  options: { keyEncryptionKey?: Buffer; pollIntervalMs?: number },
): Promise<TestEngineStores> => {
  const log = await openPostgresEventStore({
    connectionString: url,
    poolSize: 4,
    pollIntervalMs: options.pollIntervalMs ?? 20,
  });
  const readStore = await openPostgresReadStore({
    connectionString: url,
    poolSize: 4,
    pollIntervalMs: 50,
  });
  // The template's stores have no vault (its own template is the vault's schema): none is read.
  const vault = keysUrl
    ? await openPostgresKeyVault(keysUrl, options.keyEncryptionKey ?? randomBytes(32), {
        poolSize: 2,
      })
    : null;
  return {
    log,
    writtenHead: log.writtenHead,
    readStore,
    vault: vault ?? noVault,
    close: async () => {
      await log.close();
      await readStore.close();
      await vault?.close();
    },
  };
};
