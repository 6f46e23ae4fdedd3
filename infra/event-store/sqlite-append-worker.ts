// The log's writer thread: opens its own connection to the log's file and writes the batches
// the store posts, so a commit's wait for the disk never stalls the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite, type Synchronous } from '../sqlite';
import { appendWriter, type AppendRequest } from './sqlite-append';

const { file, synchronous } = workerData as { file: string; synchronous: Synchronous };
const db = openSqlite(file, synchronous);
const write = appendWriter(db);

parentPort!.on('message', (batch: AppendRequest[] | 'close') => {
  if (batch === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  parentPort!.postMessage(write(batch));
});
