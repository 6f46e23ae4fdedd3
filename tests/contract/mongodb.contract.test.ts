import { afterAll } from 'vitest';
import { openMongoReadStore } from '../../infra/read-store/mongo-read-store';
import { mongoDb } from './real-engines';
import { describeReadStoreContract } from './read-store-contract';

const engine = await mongoDb();
afterAll(async () => {
  if ('stop' in engine) await engine.stop();
});

describeReadStoreContract(
  'MongoDB',
  () => openMongoReadStore('url' in engine ? engine.url : '', { dbName: 'boon_contract' }),
  'skipReason' in engine ? { skipReason: engine.skipReason } : {},
);
