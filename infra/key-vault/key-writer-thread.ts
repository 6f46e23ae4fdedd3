import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Plain JavaScript, evaluated in the thread: its own connection to the vault's file, each
 * batch of new keys one durable transaction (`synchronous=FULL`, one fsync), answered with null
 * or the error's message.
 */
const source = (driver: string) => `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(${JSON.stringify(driver)});
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.pragma('secure_delete = ON');
const insert = db.prepare(
  'INSERT INTO wrapped_keys (subject, wrapped) VALUES (?, ?) ON CONFLICT(subject) DO NOTHING',
);
const insertAll = db.transaction((batch) => {
  for (const [subject, wrapped] of batch) {
    insert.run(subject, Buffer.from(wrapped.buffer, wrapped.byteOffset, wrapped.byteLength));
  }
});
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    insertAll.immediate(message);
    parentPort.postMessage(null);
  } catch (error) {
    parentPort.postMessage(String((error && error.message) || error));
  }
});
`;

export type KeyWriterThread = {
  /** Inserts the batch (subject, wrapped key) as one durable transaction. One batch at a time. */
  write(batch: [string, Buffer][]): Promise<void>;
  close(): Promise<void>;
};

/**
 * New keys' commits on a thread of their own: each waits for the disk there, not on the event
 * loop (every person's first sealed write needs a key). A thread that dies fails its batch and
 * is started again for the next.
 */
export const openKeyWriterThread = (file: string): KeyWriterThread => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | null = null;
  let pending: { resolve: () => void; reject: (e: Error) => void } | null = null;
  let closed = false;

  const start = () => {
    const started = new Worker(source(driver), { eval: true, workerData: { file } });
    started.unref();
    started.on('message', (failure: string | null) => {
      started.unref(); // idle: the thread alone keeps no process alive
      const waiting = pending;
      pending = null;
      if (failure === null) waiting?.resolve();
      else waiting?.reject(new Error(`New keys were not stored: ${failure}`));
    });
    const lost = (error: unknown) => {
      if (worker === started) worker = null;
      const waiting = pending;
      pending = null;
      waiting?.reject(
        error instanceof Error
          ? error
          : new Error(`The key vault's writer thread ${String(error)}`),
      );
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(`exited (${code})`));
    return started;
  };

  // Started with the vault, not on the first new key: starting a thread (its own V8, the
  // driver, the file) took ~50 ms from a new install's first answer.
  worker = start();

  return {
    write: (batch) =>
      new Promise((resolve, reject) => {
        if (pending) throw new Error('One batch at a time');
        if (closed) throw new Error('The key vault is closed');
        worker ??= start();
        pending = { resolve, reject };
        worker.ref(); // a commit under way keeps the process alive until it is answered
        worker.postMessage(batch);
      }),
    close: async () => {
      closed = true;
      const closing = worker;
      worker = null;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.ref();
        closing.once('exit', () => resolve());
        closing.postMessage('close');
      });
    },
  };
};
