import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './sqlite';

/** Pages the writing connection may leave in the WAL before it checkpoints by itself. */
const FALLBACK_PAGES = 10_000;

/** Every this many checkpoints, one that also empties the WAL file if nothing holds it. */
const TRUNCATE_EVERY = 8;

/**
 * Plain JavaScript, evaluated in the thread: its own connection to the file, a PASSIVE
 * checkpoint now and then (never waiting on readers or writers). The fsyncs a checkpoint makes
 * wait on this thread, not on the event loop that commits.
 *
 * A deleted row is overwritten in the database file (secure_delete), but the WAL keeps the
 * pages that held it until they are written over, which may be never once the WAL stops
 * growing. So every few checkpoints, when the PASSIVE one copied the whole WAL, the WAL is
 * truncated to zero bytes: without waiting (busy_timeout 0), so only when no writer and no
 * reader holds it, else the next try comes a few ticks later. An erased person's words leave
 * the files within seconds of a quiet moment.
 */
const source = (driver: string) => `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(${JSON.stringify(driver)});
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
} catch {
  // The file went before the thread started (a store closed and its folder removed at once):
  // nothing to checkpoint.
  process.exit(0);
}
let ticks = 0;
const checkpoint = () => {
  ticks += 1;
  try {
    const [done] = db.pragma('wal_checkpoint(PASSIVE)');
    // Only a WAL already copied whole is emptied: the truncation then holds the write lock
    // for an instant, never for a copy.
    if (ticks % ${TRUNCATE_EVERY} === 0 && done.busy === 0 && done.log > 0 && done.checkpointed === done.log) {
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
  } catch {}
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  ticks = ${TRUNCATE_EVERY} - 1;
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = {
  close: () => Promise<void>;
  /** How the thread ended (it ends by itself when its file is gone): exit code, error thrown. */
  ended: Promise<{ code: number; error: Error | null }>;
};

/**
 * Moves a WAL file's checkpoints off the event loop: the connection that commits (`db`) leaves
 * them to a thread of their own and only checkpoints by itself when that thread falls far
 * behind. For files whose commits run on the event loop (the read models').
 */
export const startCheckpointer = (db: SqliteDatabase, intervalMs = 250): Checkpointer => {
  if (db.memory) return { close: async () => {}, ended: Promise.resolve({ code: 0, error: null }) };
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source(driver), {
    eval: true,
    workerData: { file: db.name, intervalMs },
  });
  worker.unref();
  // Whatever the thread meets is its own: the connection that commits checkpoints by itself
  // again (below), and the process goes on.
  let error: Error | null = null;
  worker.on('error', (thrown) => (error = thrown));
  let exited = false;
  const ended = new Promise<{ code: number; error: Error | null }>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      // Without the thread the connection checkpoints by itself again, as SQLite does by default.
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
      resolve({ code, error });
    }),
  );
  return {
    ended,
    close: async () => {
      if (exited) return;
      await new Promise<void>((resolve) => {
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      });
    },
  };
};
