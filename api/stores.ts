import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keyVaultDatabaseUrl, type Config } from '../infra/config';
import type { EventStore } from '../infra/event-store/event-store';
import { sealingEventStore } from '../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store';
import type { Logger } from '../infra/logger';
import { loadKeyEncryptionKey } from '../infra/key-vault/key-encryption-key';
import type { KeyVault } from '../infra/key-vault/key-vault';
import { moveLegacySqliteKeys } from '../infra/key-vault/legacy-keys';
import { openSqliteKeyVault } from '../infra/key-vault/sqlite-key-vault';
import { ensurePrivateDirectory } from '../infra/private-files';
import type { ReadStore } from '../infra/read-store/read-store';
import { openEmbeddedReadStore } from '../infra/read-store/embedded-read-store';
import { dropLegacyReadModels } from '../infra/read-store/legacy-read-models';
import { startCheckpointer, type Checkpointer } from '../infra/sqlite-checkpointer';
import { openSqlite, type SqliteDatabase, type Synchronous } from '../infra/sqlite';

export type Stores = {
  events: EventStore;
  /** The log as stored, sealed fields left sealed: what copies (migrations) move as they are. */
  log: EventStore;
  readStore: ReadStore;
  /** Per-person keys for personal data: a store of their own, never the log's. */
  vault: KeyVault;
  close: () => Promise<void>;
};

/** The embedded log's file; the key vault's and the read models' are beside it. */
export const LOG_FILE = 'boon.sqlite';
export const KEY_VAULT_FILE = 'keys.sqlite';
/**
 * The read models' own file: their commits never wait on the log's (each file has its own
 * write lock), and it can be deleted to rebuild every read model from the log.
 */
export const READ_MODELS_FILE = 'read-models.sqlite';

const openKeyVault = async (
  config: Config,
  connect: (file: string, synchronous: Synchronous) => SqliteDatabase,
  mustExist: boolean,
): Promise<{ vault: KeyVault; engine: string; close: () => Promise<void> }> => {
  const kek = loadKeyEncryptionKey(config.keyVault.keyEncryptionKey);
  const postgresUrl =
    config.keyVault.databaseUrl ??
    (config.postgres ? keyVaultDatabaseUrl(config.postgres.url) : undefined);
  if (postgresUrl) {
    const { openPostgresVault } = await import('./postgres-stores');
    return openPostgresVault(config, postgresUrl, kek, mustExist);
  }
  const mongoUrl = config.keyVault.mongoDbUrl ?? config.mongoDbUrl;
  if (!mongoUrl) {
    const db = connect(KEY_VAULT_FILE, 'FULL');
    // A destroyed key must not outlive its row in the WAL: the checkpointer empties it.
    const checkpointer = startCheckpointer(db);
    const vault = await openSqliteKeyVault(db, kek, { writerThread: true, mustExist }).catch(
      async (error: unknown) => {
        await checkpointer.close();
        throw error;
      },
    );
    const close = async () => {
      await checkpointer.close();
      await vault.close();
    };
    return { vault, engine: 'embedded', close };
  }
  const { openMongoKeyVault } = await import('../infra/key-vault/mongo-key-vault');
  const vault = await openMongoKeyVault(mongoUrl, kek, {
    ownUrl: config.keyVault.mongoDbUrl !== undefined,
    mustExist,
  });
  return { vault, engine: 'mongodb', close: vault.close };
};

/** Keys an earlier version kept in the read models' store move to the vault, once. */
const moveLegacyKeys = async (config: Config, vault: KeyVault, logger: Logger) => {
  let moved = 0;
  if (config.mongoDbUrl) {
    const [{ MongoClient }, { moveLegacyMongoKeys }] = await Promise.all([
      import('mongodb'),
      import('../infra/key-vault/legacy-keys'),
    ]);
    const client = await new MongoClient(config.mongoDbUrl).connect();
    try {
      moved = await moveLegacyMongoKeys(client, vault);
    } finally {
      await client.close();
    }
  } else if (existsSync(join(config.dataDir, LOG_FILE))) {
    const logFile = openSqlite(join(config.dataDir, LOG_FILE));
    try {
      moved = await moveLegacySqliteKeys(logFile, vault);
    } finally {
      logFile.close();
    }
  }
  if (moved > 0) logger.info({ keys: moved }, 'personal keys moved out of the log into the vault');
};

/** The embedded log, its commits on a writer thread; read models of an earlier layout dropped. */
const openEmbeddedLog = (db: SqliteDatabase, config: Config, logger: Logger) => {
  const dropped = dropLegacyReadModels(db);
  if (dropped > 0) {
    logger.info(
      { tables: dropped, file: READ_MODELS_FILE },
      'read models move to a file of their own: they are rebuilt from the log',
    );
  }
  return openSqliteEventStore(db, { writerThread: { synchronous: config.sqliteSynchronous } });
};

/** The log of the configured engine set. */
const openLog = async (
  config: Config,
  connect: (file: string, synchronous: Synchronous) => SqliteDatabase,
  logger: Logger,
  orderedAppends: boolean,
): Promise<EventStore> => {
  if (config.postgres) {
    const { openPostgresLog } = await import('./postgres-stores');
    return openPostgresLog(config.postgres, orderedAppends);
  }
  if (config.eventStoreUrl) {
    const { openEventStoreDb } = await import('../infra/event-store/eventstoredb-event-store');
    return openEventStoreDb(config.eventStoreUrl);
  }
  return openEmbeddedLog(connect(LOG_FILE, config.sqliteSynchronous), config, logger);
};

/** Whether an earlier version's keys are still in the log's file (they move to the vault). */
const hasLegacySqliteKeys = (logFile: string): boolean => {
  if (!existsSync(logFile)) return false;
  const db = openSqlite(logFile);
  try {
    return Boolean(
      db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'personal_keys'")
        .get(),
    );
  } finally {
    db.close();
  }
};

/**
 * The embedded engines by default (SQLite files in DATA_DIR, which only its owner may read);
 * PostgreSQL with DATABASE_URL; EventStoreDB and MongoDB when their URLs are configured. Code
 * above the ports never knows which. `orderedAppends`: the log commits appends in the order
 * they are made (what a migration's copy needs to keep many in flight; PostgreSQL then writes
 * one batch at a time).
 */
export const openStores = async (
  config: Config,
  logger: Logger,
  { orderedAppends = false }: { orderedAppends?: boolean } = {},
): Promise<Stores> => {
  ensurePrivateDirectory(config.dataDir);
  const connections: SqliteDatabase[] = [];
  const connect = (file: string, synchronous: Synchronous) => {
    const db = openSqlite(join(config.dataDir, file), synchronous);
    connections.push(db);
    return db;
  };
  const closeConnections = () => connections.forEach((db) => db.close());

  const log = await openLog(config, connect, logger, orderedAppends).catch((error: unknown) => {
    closeConnections();
    throw error;
  });
  // A log that holds events with a vault never used is a vault lost (a folder copied without
  // it, a restore without keys): refused, unless told to begin anew, or the keys are still in
  // the log's file from an earlier version (they move into the vault below).
  const mustExist =
    !config.keyVault.allowNew &&
    (await log.headPosition()) !== null &&
    !(log.engine === 'sqlite' && hasLegacySqliteKeys(join(config.dataDir, LOG_FILE)));
  let keys: Awaited<ReturnType<typeof openKeyVault>>;
  try {
    keys = await openKeyVault(config, connect, mustExist);
    await moveLegacyKeys(config, keys.vault, logger);
  } catch (error) {
    await log.close();
    closeConnections();
    throw error;
  }
  // Personal fields are sealed on their way into the log and opened on their way out.
  const { events, vault } = sealingEventStore(log, keys.vault);
  // Read models can always be rebuilt from the log, so their commits skip the fsync;
  // WAL still keeps each batch and its checkpoint atomic. Their checkpoints run on a thread.
  let checkpointer: Checkpointer | null = null;
  const readStore = config.postgres
    ? await (await import('./postgres-stores')).openPostgresReadModels(config.postgres, logger)
    : config.mongoDbUrl
      ? await (
          await import('../infra/read-store/mongo-read-store')
        ).openMongoReadStore(config.mongoDbUrl, {
          onWarning: (err, message) => logger.warn({ err }, message),
        })
      : (() => {
          const db = connect(READ_MODELS_FILE, 'NORMAL');
          checkpointer = startCheckpointer(db);
          return openEmbeddedReadStore(db, {
            onWarning: (err, message) => logger.warn({ err }, message),
          });
        })();
  logger.info(
    {
      eventStore: events.engine,
      readStore: readStore.engine,
      keyVault: keys.engine,
      dataDir: config.dataDir,
    },
    'stores open',
  );
  return {
    events,
    log,
    readStore,
    vault,
    close: async () => {
      await keys.close();
      await events.close();
      await readStore.close();
      await checkpointer?.close();
      closeConnections();
    },
  };
};
