import { setTimeout as delay } from 'node:timers/promises';
import type { SqliteDatabase } from '../../sqlite';

/** How long a write waits for another process's unit of work before it fails. */
const WAIT_MS = 30_000;
/** The longest pause between two tries. */
const MAX_PAUSE_MS = 20;

const isBusy = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_BUSY_SNAPSHOT');

/**
 * Opens a write transaction (`BEGIN IMMEDIATE`) without blocking the event loop. Another
 * process's unit of work may hold the file's write lock for a second while it yields to its own
 * requests; SQLite's busy handler would spin this thread that whole time (and two stores of one
 * process on one file would wait on each other for good). So the connection's busy timeout is
 * zero and the wait is here, between turns of the event loop.
 */
export const beginImmediate = async (db: SqliteDatabase): Promise<void> => {
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      db.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await delay(Math.min(2 ** attempt, MAX_PAUSE_MS));
    }
  }
};

/** Runs `work` inside a write transaction taken as `beginImmediate` takes it. */
export const writeTransaction = async <R>(
  db: SqliteDatabase,
  work: () => R | Promise<R>,
): Promise<R> => {
  await beginImmediate(db);
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
};
