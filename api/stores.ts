import { join } from 'node:path';
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/event-store/event-store';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store';
import type { Logger } from '../infra/logger';
import type { ReadStore } from '../infra/read-store/read-store';
import { openEmbeddedReadStore } from '../infra/read-store/embedded-read-store';
import { openSqlite, type SqliteDatabase } from '../infra/sqlite';

export type Stores = { events: EventStore; readStore: ReadStore; close: () => Promise<void> };

/**
 * The embedded engines by default (one SQLite file in DATA_DIR); EventStoreDB and
 * MongoDB when their URLs are configured. Code above the ports never knows which.
 */
export const openStores = async (config: Config, logger: Logger): Promise<Stores> => {
  let db: SqliteDatabase | null = null;
  const embedded = () =>
    (db ??= openSqlite(join(config.dataDir, 'boon.sqlite'), config.sqliteSynchronous));

  const events = config.eventStoreUrl
    ? await (
        await import('../infra/event-store/eventstoredb-event-store')
      ).openEventStoreDb(config.eventStoreUrl)
    : openSqliteEventStore(embedded());
  const readStore = config.mongoDbUrl
    ? await (
        await import('../infra/read-store/mongo-read-store')
      ).openMongoReadStore(config.mongoDbUrl)
    : openEmbeddedReadStore(embedded());
  logger.info(
    {
      eventStore: events.engine,
      readStore: readStore.engine,
      dataDir: db ? config.dataDir : undefined,
    },
    'stores open',
  );
  return {
    events,
    readStore,
    close: async () => {
      await events.close();
      await readStore.close();
      (db as SqliteDatabase | null)?.close();
    },
  };
};
