import type { SqliteDatabase } from '../sqlite';
import type { ExpectedRevision } from './event-store';

/** One append as the writer takes it: data and metadata already serialised. */
export type AppendRequest = {
  streamId: string;
  events: { id: string; type: string; data: string; metadata: string }[];
  expected: ExpectedRevision;
  createdAt: number;
};

/** What became of one append: written, refused on its expected revision, or failed. */
export type AppendOutcome =
  | { kind: 'written'; nextRevision: bigint; position: bigint }
  | { kind: 'wrong-revision'; streamId: string; expected: string; actual: string }
  | { kind: 'failed'; message: string };

export const EVENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  stream_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT PRIMARY KEY,
  revision INTEGER NOT NULL
) WITHOUT ROWID;
`;

const NO_STREAM = -1;

const describeExpected = (expected: ExpectedRevision) =>
  typeof expected === 'bigint' ? expected.toString() : expected;

const acceptable = (current: number, expected: ExpectedRevision): boolean => {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === NO_STREAM;
  if (expected === 'stream_exists') return current !== NO_STREAM;
  return BigInt(current) === expected;
};

const failed = (error: unknown): AppendOutcome => ({
  kind: 'failed',
  message: error instanceof Error ? error.message : String(error),
});

/**
 * Writes batches of appends to the log, each batch one transaction (one fsync), each append
 * still accepted or refused on its own expected revision. Runs on the thread that owns `db`:
 * the store's own, or the writer thread (sqlite-append-thread.ts) that keeps the commits' disk
 * waits off the event loop.
 */
export const appendWriter = (db: SqliteDatabase) => {
  const selectRevision = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM streams WHERE stream_id = ?',
  );
  const selectById = db.prepare<
    [string],
    { stream_id: string; revision: number; position: number }
  >('SELECT stream_id, revision, position FROM events WHERE id = ?');
  const insertEvent = db.prepare(
    `INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at)
     VALUES (@id, @streamId, @revision, @type, @data, @metadata, @createdAt)`,
  );
  const upsertStream = db.prepare(
    `INSERT INTO streams (stream_id, revision) VALUES (?, ?)
     ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision`,
  );

  /** An append whose event ids are already in the stream, in order, was done before. */
  const findEarlierAppend = (item: AppendRequest): AppendOutcome | null => {
    const first = selectById.get(item.events[0]!.id);
    if (!first) return null;
    if (first.stream_id !== item.streamId) {
      throw new Error(`Event id ${item.events[0]!.id} already exists in another stream`);
    }
    let last = first;
    for (let i = 1; i < item.events.length; i++) {
      const found = selectById.get(item.events[i]!.id);
      if (!found || found.stream_id !== item.streamId || found.revision !== first.revision + i) {
        throw new Error(`Event ids of this append were partly written before`);
      }
      last = found;
    }
    return {
      kind: 'written',
      nextRevision: BigInt(last.revision),
      position: BigInt(last.position),
    };
  };

  /** Writes one append inside the open transaction. */
  const writeOne = (item: AppendRequest): AppendOutcome => {
    const earlier = findEarlierAppend(item);
    if (earlier) return earlier;
    const current = selectRevision.get(item.streamId)?.revision ?? NO_STREAM;
    if (!acceptable(current, item.expected)) {
      return {
        kind: 'wrong-revision',
        streamId: item.streamId,
        expected: describeExpected(item.expected),
        actual: current === NO_STREAM ? 'no_stream' : String(current),
      };
    }
    let revision = current;
    let position = 0;
    for (const event of item.events) {
      revision += 1;
      const info = insertEvent.run({
        id: event.id,
        streamId: item.streamId,
        revision,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        createdAt: item.createdAt,
      });
      position = Number(info.lastInsertRowid);
    }
    upsertStream.run(item.streamId, revision);
    return { kind: 'written', nextRevision: BigInt(revision), position: BigInt(position) };
  };

  // IMMEDIATE: the write lock is taken (waiting on busy_timeout) before the first read. A
  // deferred transaction that reads, then writes after another process committed, would be
  // refused at once with SQLITE_BUSY instead of waiting.
  const writeBatch = db.transaction((batch: AppendRequest[]) => batch.map(writeOne));
  const writeAlone = db.transaction((item: AppendRequest) => writeOne(item));

  return (batch: AppendRequest[]): AppendOutcome[] => {
    try {
      return writeBatch.immediate(batch);
    } catch {
      // One append broke the shared transaction (e.g. a reused event id): give each its own
      // so only the faulty one fails.
      return batch.map((item) => {
        try {
          return writeAlone.immediate(item);
        } catch (error) {
          return failed(error);
        }
      });
    }
  };
};
