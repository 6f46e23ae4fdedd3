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
  () => openMongoKeyVault('url' in engine ? engine.url : ''),
  'skipReason' in engine ? { skipReason: engine.skipReason } : {},
);
