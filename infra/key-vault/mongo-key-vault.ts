import { randomBytes } from 'node:crypto';
import { Binary, MongoClient } from 'mongodb';
import type { KeyVault } from './key-vault';

type KeyDoc = { _id: string; key: Binary };

/** Keys in their own MongoDB collection, apart from the rebuildable read models. */
export const openMongoKeyVault = async (
  url: string,
): Promise<KeyVault & { close: () => Promise<void> }> => {
  const client = await new MongoClient(url).connect();
  const keys = client.db().collection<KeyDoc>('personal_keys');
  const find = async (subject: string) => {
    const doc = await keys.findOne({ _id: subject });
    return doc ? Buffer.from(doc.key.buffer) : null;
  };
  return {
    find,
    keyFor: async (subject) => {
      await keys.updateOne(
        { _id: subject },
        { $setOnInsert: { key: new Binary(randomBytes(32)) } },
        { upsert: true, writeConcern: { w: 'majority' } },
      );
      return (await find(subject))!;
    },
    destroy: async (subject) => {
      await keys.deleteOne({ _id: subject }, { writeConcern: { w: 'majority' } });
    },
    close: () => client.close(),
  };
};
