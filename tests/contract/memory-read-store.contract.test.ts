import { openMemoryReadStore } from '../../infra/read-store/memory/memory-read-store';
import { describeReadStoreContract } from './read-store-contract';

describeReadStoreContract('memory (projection specs)', async () => openMemoryReadStore());
