import { randomUUID } from 'node:crypto';
import { BSON, MongoClient } from 'mongodb';
import { afterAll } from 'vitest';
import { openMongoKeyVault } from '../../infra/key-vault/mongo-key-vault';
import { describeKeyVaultContract } from './key-vault-contract';
import { mongoDb } from './real-engines';

const engine = await mongoDb();
afterAll(async () => {
  if ('stop' in engine) await engine.stop();
});

describeKeyVaultContract(
  'MongoDB',
  async () => {
    const base = 'url' in engine ? engine.url : '';
    // A database per run, so the suite starts from an empty vault.
    const url = new URL(base);
    url.pathname = `/vault-${randomUUID().slice(0, 8)}`;
    const client = await new MongoClient(url.toString()).connect();
    return {
      open: (kek) => openMongoKeyVault(url.toString(), kek, { ownUrl: true }),
      storedBytes: async () => {
        const db = client.db();
        const docs = [
          ...(await db.collection('wrapped_keys').find().toArray()),
          ...(await db.collection('vault_meta').find().toArray()),
        ];
        return Buffer.concat(docs.map((doc) => Buffer.from(BSON.serialize(doc))));
      },
      dispose: async () => {
        await client.db().dropDatabase();
        await client.close();
      },
    };
  },
  'skipReason' in engine ? { skipReason: engine.skipReason } : {},
);
