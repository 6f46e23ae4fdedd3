import { MongoClient, type ClientSession, type Collection, type Db, type Document } from 'mongodb';
import type {
  Doc,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  UnitOfWork,
  UpdateSpec,
  WriteCollection,
} from './read-store';

const withoutInternals = <T extends Doc>(doc: Document | null): T | null => doc as T | null;

const reader = <T extends Doc>(
  collection: Collection<Document>,
  session?: ClientSession,
): ReadCollection<T> => ({
  findOne: async (filter) => withoutInternals<T>(await collection.findOne(filter, { session })),
  find: async (filter, options: FindOptions = {}) => {
    let cursor = collection.find(filter, {
      session,
      ...(options.projection ? { projection: options.projection } : {}),
    });
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  },
  count: async (filter: Filter = {}) => collection.countDocuments(filter, { session }),
});

const writer = <T extends Doc>(
  collection: Collection<Document>,
  session?: ClientSession,
): WriteCollection<T> => ({
  ...reader<T>(collection, session),
  insertOne: async (doc) => {
    await collection.insertOne({ ...doc } as unknown as Document, { session });
  },
  upsertOne: async (doc) => {
    await collection.replaceOne({ _id: doc._id as never }, doc as unknown as Document, {
      upsert: true,
      session,
    });
  },
  updateOne: async (filter, update: UpdateSpec, options) => {
    const result = await collection.updateOne(filter, update, {
      upsert: options?.upsert ?? false,
      session,
    });
    return result.modifiedCount + result.upsertedCount || result.matchedCount;
  },
  updateMany: async (filter, update) =>
    (await collection.updateMany(filter, update, { session })).matchedCount,
  deleteOne: async (filter) => (await collection.deleteOne(filter, { session })).deletedCount,
  deleteMany: async (filter) => (await collection.deleteMany(filter, { session })).deletedCount,
});

/** Transactions need a replica set (docker-compose runs MongoDB as a single-node one). */
const supportsTransactions = async (db: Db) => {
  const hello = await db.admin().command({ hello: 1 });
  return Boolean(hello.setName) || hello.msg === 'isdbgrid';
};

/**
 * The ReadStore port on MongoDB. A unit of work is a MongoDB transaction when the
 * deployment supports them; on a standalone server the writes are applied one by one,
 * and then projection handlers must be idempotent (ours replace or delete by _id, and the
 * runner skips events at or before the stored checkpoint).
 */
export const openMongoReadStore = async (url: string, dbName?: string): Promise<ReadStore> => {
  const client = await new MongoClient(url).connect();
  const db = client.db(dbName);
  const transactional = await supportsTransactions(db);
  // Units of work run one at a time, as in the embedded store.
  let tail: Promise<unknown> = Promise.resolve();

  return {
    engine: 'mongodb',
    collection: <T extends Doc>(name: string) => reader<T>(db.collection(name)),
    transaction: <R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R> => {
      const run = async (): Promise<R> => {
        if (!transactional) {
          return work({
            collection: <T extends Doc>(name: string) => writer<T>(db.collection(name)),
          });
        }
        const session = client.startSession();
        try {
          let result: R | undefined;
          await session.withTransaction(async () => {
            result = await work({
              collection: <T extends Doc>(name: string) => writer<T>(db.collection(name), session),
            });
          });
          return result as R;
        } finally {
          await session.endSession();
        }
      };
      const next = tail.then(run, run);
      tail = next.catch(() => undefined);
      return next;
    },
    dropCollection: async (name) => {
      await db
        .collection(name)
        .drop()
        .catch((error: { codeName?: string }) => {
          if (error.codeName !== 'NamespaceNotFound') throw error;
        });
    },
    listCollections: async () =>
      (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name),
    close: async () => {
      await tail;
      await client.close();
    },
  };
};
