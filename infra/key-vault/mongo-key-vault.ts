import { Binary, MongoClient, type Db } from 'mongodb';
import type { KeyVault } from './key-vault';
import { wrappedKeyVault } from './wrapped-vault';

type WrappedDoc = { _id: string; wrapped: Binary };

const majority = { writeConcern: { w: 'majority' as const } };

/**
 * Which database holds the keys: KEY_VAULT_MONGODB_URL's own, or else one beside the read
 * models' (`<name>_keys`), so a dump of the read models holds no key and access to each can
 * be granted apart.
 */
const keyVaultDatabase = (client: MongoClient, ownUrl: boolean): Db =>
  ownUrl ? client.db() : client.db(`${client.db().databaseName}_keys`);

/** Keys wrapped by the key-encryption key, in a database apart from the read models. */
export const openMongoKeyVault = async (
  url: string,
  kek: Buffer,
  options: { ownUrl: boolean; mustExist?: boolean },
): Promise<KeyVault & { close: () => Promise<void> }> => {
  const client = await new MongoClient(url).connect();
  const db = keyVaultDatabase(client, options.ownUrl);
  const keys = db.collection<WrappedDoc>('wrapped_keys');
  const meta = db.collection<WrappedDoc>('vault_meta');
  const bytes = (doc: WrappedDoc | null) => (doc ? Buffer.from(doc.wrapped.buffer) : null);
  const insertIfAbsent = async (
    collection: typeof keys,
    _id: string,
    wrapped: Buffer,
  ): Promise<void> => {
    await collection.updateOne(
      { _id },
      { $setOnInsert: { wrapped: new Binary(wrapped) } },
      { upsert: true, ...majority },
    );
  };
  try {
    const vault = await wrappedKeyVault(
      {
        get: async (subject) => bytes(await keys.findOne({ _id: subject })),
        getMany: async (subjects) => {
          const docs = await keys.find({ _id: { $in: [...subjects] } }).toArray();
          return new Map(docs.map((doc) => [doc._id, bytes(doc)!]));
        },
        insertIfAbsent: (subject, wrapped) => insertIfAbsent(keys, subject, wrapped),
        delete: async (subject) => void (await keys.deleteOne({ _id: subject }, majority)),
        list: async (after, limit) =>
          (
            await keys
              .find(after === null ? {} : { _id: { $gt: after } }, { projection: { _id: 1 } })
              .sort({ _id: 1 })
              .limit(limit)
              .toArray()
          ).map((doc) => doc._id),
        getCheck: async () => bytes(await meta.findOne({ _id: 'kek-check' })),
        setCheckIfAbsent: (wrapped) => insertIfAbsent(meta, 'kek-check', wrapped),
      },
      kek,
      `MongoDB database ${db.databaseName}`,
      { mustExist: options.mustExist ?? false },
    );
    return { ...vault, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
};
