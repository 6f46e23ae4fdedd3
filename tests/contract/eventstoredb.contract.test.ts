import { afterAll } from 'vitest';
import { openEventStoreDb } from '../../infra/event-store/eventstoredb-event-store';
import { describeEventStoreContract } from './event-store-contract';
import { eventStoreDb } from './real-engines';

const engine = await eventStoreDb();
afterAll(async () => {
  if ('stop' in engine) await engine.stop();
});

describeEventStoreContract(
  'EventStoreDB',
  () => openEventStoreDb('url' in engine ? engine.url : ''),
  'skipReason' in engine ? { skipReason: engine.skipReason } : {},
);
