import { join } from 'node:path';
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/event-store/event-store';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store';
import type { Logger } from '../infra/logger';
import type { KeyVault } from '../infra/key-vault/key-vault';
import { openSqliteKeyVault } from '../infra/key-vault/sqlite-key-vault';
import type { ReadStore } from '../infra/read-store/read-store';
import { openEmbeddedReadStore } from '../infra/read-store/embedded-read-store';
import { openSqlite, type SqliteDatabase, type Synchronous } from '../infra/sqlite';

export type Stores = {
  events: EventStore;
  readStore: ReadStore;
  /** Per-person keys for personal data: beside the read models, never in the log. */
  vault: KeyVault;
  close: () => Promise<void>;
};

/**
 * The embedded engines by default (one SQLite file in DATA_DIR); EventStoreDB and
 * MongoDB when their URLs are configured. Code above the ports never knows which.
 */
export const openStores = async (config: Config, logger: Logger): Promise<Stores> => {
  const file = join(config.dataDir, 'boon.sqlite');
  const connections: SqliteDatabase[] = [];
  const connect = (synchronous: Synchronous) => {
    const db = openSqlite(file, synchronous);
    connections.push(db);
    return db;
  };

  const events = config.eventStoreUrl
    ? await (
        await import('../infra/event-store/eventstoredb-event-store')
      ).openEventStoreDb(config.eventStoreUrl)
    : openSqliteEventStore(connect(config.sqliteSynchronous));
  // Read models can always be rebuilt from the log, so their commits skip the fsync;
  // WAL still keeps each batch and its checkpoint atomic.
  const readStore = config.mongoDbUrl
    ? await (
        await import('../infra/read-store/mongo-read-store')
      ).openMongoReadStore(config.mongoDbUrl, {
        onWarning: (err, message) => logger.warn({ err }, message),
      })
    : openEmbeddedReadStore(connect('NORMAL'));
  const mongoVault = config.mongoDbUrl
    ? await (
        await import('../infra/key-vault/mongo-key-vault')
      ).openMongoKeyVault(config.mongoDbUrl)
    : null;
  const vault = mongoVault ?? openSqliteKeyVault(connect('FULL'));
  logger.info(
    {
      eventStore: events.engine,
      readStore: readStore.engine,
      dataDir: connections.length ? config.dataDir : undefined,
    },
    'stores open',
  );
  return {
    events,
    readStore,
    vault,
    close: async () => {
      await mongoVault?.close();
      await events.close();
      await readStore.close();
      connections.forEach((db) => db.close());
    },
  };
};
