import {
  MongoClient,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  type ChangeStream,
} from 'mongodb';
import { Subject } from 'rxjs';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type Filter,
  type FindOptions,
  type Lease,
  type LeaseStore,
  type QueryPlan,
  type ReadCollection,
  type ReadStore,
  type UnitOfWork,
  type UpdateSpec,
  type WriteCollection,
} from './read-store';
import { DeclaredFields } from './mongo-subset';
import { checkIndexedUpdate, checkIndexedValues } from './query/indexed-values';
import { updateOperations } from './query/update';

const LEASES = 'read_leases';
const NOTICES = 'read_notices';

const findCursor = (
  collection: Collection<Document>,
  filter: Filter,
  options: FindOptions,
  session?: ClientSession,
) => {
  let cursor = collection.find(filter, {
    ...(session ? { session } : {}),
    ...(options.projection ? { projection: options.projection } : {}),
  });
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  return cursor;
};

/** The winning plan's index (IXSCAN), or null for a collection scan. */
const indexOfPlan = (stage: Document | undefined): string | null => {
  if (!stage) return null;
  if (stage.stage === 'IXSCAN') return String(stage.indexName);
  if (stage.stage === 'IDHACK' || stage.stage === 'EXPRESS_IXSCAN') return '_id';
  return indexOfPlan(stage.inputStage as Document | undefined);
};

const reader = <T extends Doc>(
  collection: Collection<Document>,
  declared: DeclaredFields,
  session?: ClientSession,
): ReadCollection<T> => ({
  findOne: async (filter) => {
    await declared.check(collection.collectionName, filter);
    return (await collection.findOne(filter, session ? { session } : {})) as T | null;
  },
  find: async (filter, options: FindOptions = {}) => {
    await declared.check(collection.collectionName, filter, options);
    return (await findCursor(collection, filter, options, session).toArray()) as unknown as T[];
  },
  count: async (filter: Filter = {}) => {
    await declared.check(collection.collectionName, filter);
    return collection.countDocuments(filter, session ? { session } : {});
  },
  explain: async (filter, options: FindOptions = {}): Promise<QueryPlan> => {
    await declared.check(collection.collectionName, filter, options);
    const explained = await findCursor(collection, filter, options).explain('executionStats');
    const winning = (explained.queryPlanner as Document | undefined)?.winningPlan as
      Document | undefined;
    const stats = explained.executionStats as Document | undefined;
    return {
      index: indexOfPlan(winning?.queryPlan ?? winning),
      examined: Number(stats?.totalDocsExamined ?? 0),
    };
  },
});

const writer = <T extends Doc>(
  collection: Collection<Document>,
  declared: DeclaredFields,
  session: ClientSession,
): WriteCollection<T> => {
  const name = collection.collectionName;
  const checkDoc = async (doc: Doc) => checkIndexedValues(name, doc, await declared.paths(name));
  const checkUpdate = async (filter: Filter, update: UpdateSpec) => {
    await declared.check(name, filter);
    checkIndexedUpdate(name, updateOperations(name, update), await declared.paths(name));
  };
  return {
    ...reader<T>(collection, declared, session),
    insertOne: async (doc) => {
      await checkDoc(doc);
      await collection.insertOne({ ...doc } as unknown as Document, { session });
    },
    upsertOne: async (doc) => {
      await checkDoc(doc);
      await collection.replaceOne({ _id: doc._id as never }, doc as unknown as Document, {
        upsert: true,
        session,
      });
    },
    updateOne: async (filter, update: UpdateSpec, options) => {
      await checkUpdate(filter, update);
      const result = await collection.updateOne(filter, update, {
        upsert: options?.upsert ?? false,
        session,
      });
      return result.matchedCount + result.upsertedCount;
    },
    updateMany: async (filter, update) => {
      await checkUpdate(filter, update);
      return (await collection.updateMany(filter, update, { session })).matchedCount;
    },
    deleteOne: async (filter) => {
      await declared.check(name, filter);
      return (await collection.deleteOne(filter, { session })).deletedCount;
    },
    deleteMany: async (filter) => {
      await declared.check(name, filter);
      return (await collection.deleteMany(filter, { session })).deletedCount;
    },
  };
};

type LeaseDoc = { _id: string; owner: string; token: number; expiresAt: number };

const toLease = (doc: LeaseDoc): Lease => ({
  name: doc._id,
  owner: doc.owner,
  token: doc.token,
  expiresAt: doc.expiresAt,
});

/** Leases as documents changed only by conditional atomic updates. */
const mongoLeases = (db: Db, now: () => number): LeaseStore => {
  const leases = db.collection<LeaseDoc>(LEASES);
  return {
    acquire: async (name, owner, ttlMs) => {
      const at = now();
      const current = await leases.findOne({ _id: name });
      if (!current) {
        try {
          await leases.insertOne({ _id: name, owner, token: 1, expiresAt: at + ttlMs });
          return { name, owner, token: 1, expiresAt: at + ttlMs };
        } catch (error) {
          if ((error as { code?: number }).code === 11000) return null;
          throw error;
        }
      }
      const ours = current.owner === owner && current.expiresAt > at;
      if (!ours && current.expiresAt > at) return null;
      const token = ours ? current.token : current.token + 1;
      const taken = await leases.findOneAndUpdate(
        { _id: name, token: current.token, owner: current.owner },
        { $set: { owner, token, expiresAt: at + ttlMs } },
        { returnDocument: 'after' },
      );
      return taken ? toLease(taken) : null;
    },
    renew: async (lease, ttlMs) => {
      const renewed = await leases.findOneAndUpdate(
        { _id: lease.name, token: lease.token, owner: lease.owner },
        { $set: { expiresAt: now() + ttlMs } },
        { returnDocument: 'after' },
      );
      return renewed ? toLease(renewed) : null;
    },
    release: async (lease) => {
      await leases.updateOne({ _id: lease.name, token: lease.token }, { $set: { expiresAt: 0 } });
    },
    list: async () => (await leases.find({}).toArray()).map(toLease),
  };
};

export class MongoTransactionsUnavailableError extends Error {
  constructor(url: string) {
    super(
      `MongoDB at ${url} does not support transactions: Boon needs a replica set, so that a ` +
        `projection's writes and its checkpoint commit together. Start mongod with ` +
        `--replSet rs0 and run rs.initiate() once (docker-compose.yml does both), then use ` +
        `a URL naming it, e.g. mongodb://localhost:27017/boon?replicaSet=rs0&directConnection=true`,
    );
    this.name = 'MongoTransactionsUnavailableError';
  }
}

export type MongoReadStoreOptions = {
  dbName?: string;
  now?: () => number;
  onWarning?: (error: unknown, message: string) => void;
};

/**
 * The ReadStore port on MongoDB. Every unit of work is a transaction (a replica set is
 * required: start-up refuses a standalone server). Notices are inserted in the same
 * transaction and reach every process through a change stream.
 */
export const openMongoReadStore = async (
  url: string,
  options: MongoReadStoreOptions = {},
): Promise<ReadStore> => {
  const client = await new MongoClient(url, { serverSelectionTimeoutMS: 5000 }).connect();
  const db = client.db(options.dbName);
  const hello = await db.admin().command({ hello: 1 });
  if (!hello.setName && hello.msg !== 'isdbgrid') {
    await client.close();
    throw new MongoTransactionsUnavailableError(url);
  }
  const now = options.now ?? Date.now;
  const declared = new DeclaredFields(db);
  const notices = new Subject<CommitNotice>();
  await db
    .collection(NOTICES)
    .createIndex({ at: 1 }, { expireAfterSeconds: 600 })
    .catch(() => undefined);

  let stream: ChangeStream | null = null;
  let closed = false;
  let resumeAfter: unknown = undefined;
  const watch = () => {
    if (closed) return;
    stream = db
      .collection(NOTICES)
      .watch([{ $match: { operationType: 'insert' } }], resumeAfter ? { resumeAfter } : {});
    stream.on('change', (change: Document) => {
      resumeAfter = change._id;
      for (const notice of (change.fullDocument?.notices ?? []) as CommitNotice[]) {
        notices.next(notice);
      }
    });
    stream.on('error', (error) => {
      options.onWarning?.(error, 'notice change stream failed; watching again');
      void stream?.close();
      setTimeout(watch, 1000).unref();
    });
  };
  watch();

  // Units of work run side by side (each projection writes only its own documents);
  // close waits for those under way.
  const running = new Set<Promise<unknown>>();

  return {
    engine: 'mongodb',
    collection: <T extends Doc>(name: string) => reader<T>(db.collection(name), declared),
    transaction: <R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R> => {
      const run = async (): Promise<R> => {
        const session = client.startSession();
        try {
          let result: R | undefined;
          await session.withTransaction(async () => {
            const fences: Pick<Lease, 'name' | 'token'>[] = [];
            const pending: CommitNotice[] = [];
            result = await work({
              collection: <T extends Doc>(name: string) =>
                writer<T>(db.collection(name), declared, session),
              fence: (lease) => fences.push({ name: lease.name, token: lease.token }),
              notify: (notice) => pending.push(notice),
            });
            // Writing the lease document makes a concurrent change of holder a write conflict.
            for (const fence of fences) {
              const fenced = await db
                .collection<LeaseDoc>(LEASES)
                .updateOne(
                  { _id: fence.name, token: fence.token },
                  { $set: { committedAt: now() } },
                  { session },
                );
              if (fenced.matchedCount !== 1) throw new LeaseLostError(fence.name);
            }
            if (pending.length > 0) {
              await db
                .collection(NOTICES)
                .insertOne({ notices: pending, at: new Date(now()) }, { session });
            }
          });
          return result as R;
        } finally {
          await session.endSession();
        }
      };
      const next = run();
      const settled = next.catch(() => undefined);
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return next;
    },
    ensureIndexes: async (name, indexes) => {
      declared.declare(name, indexes);
      if (indexes.length === 0) return;
      await db.collection(name).createIndexes(
        indexes.map((spec) => ({
          key: spec.key,
          ...(spec.unique ? { unique: true } : {}),
          ...(spec.name ? { name: spec.name } : {}),
        })),
      );
    },
    dropCollection: async (name) => {
      declared.forget(name);
      await db
        .collection(name)
        .drop()
        .catch((error: { codeName?: string }) => {
          if (error.codeName !== 'NamespaceNotFound') throw error;
        });
    },
    listCollections: async () =>
      (await db.listCollections({}, { nameOnly: true }).toArray())
        .map((c) => c.name)
        .filter((name) => name !== NOTICES && name !== LEASES),
    leases: mongoLeases(db, now),
    notices: notices.asObservable(),
    announce: (notice) => {
      if (!closed) notices.next(notice);
    },
    close: async () => {
      closed = true;
      await Promise.all(running);
      await stream?.close();
      notices.complete();
      await client.close();
    },
  };
};
