import { Subject } from 'rxjs';
import { WrongExpectedRevisionError } from '../../domain/shared/errors';
import type { SqliteDatabase } from '../sqlite';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  RecordedEvent,
  SubscriptionStart,
} from './event-store';
import type { EventMetadata } from '../../domain/shared/events';
import { toRecordedEvent } from './recorded';

type EventRow = {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  created_at: number;
};

type PendingAppend = {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};

const SCHEMA = `
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

// Most events share a handful of metadata strings: parse each once.
const metadataCache = new Map<string, EventMetadata>();
const parseMetadata = (text: string): EventMetadata => {
  let metadata = metadataCache.get(text);
  if (!metadata) {
    metadata = JSON.parse(text) as EventMetadata;
    if (metadataCache.size < 1000) metadataCache.set(text, metadata);
  }
  return { ...metadata };
};

const rowToEvent = (row: EventRow): RecordedEvent =>
  toRecordedEvent({
    id: row.id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    type: row.type,
    data: JSON.parse(row.data),
    metadata: parseMetadata(row.metadata),
    createdAt: new Date(row.created_at),
  });

export type SqliteEventStoreOptions = {
  /** How often a caught-up subscription looks for events appended by another process. */
  pollIntervalMs?: number;
  /** Clock for created_at; injectable for tests. */
  now?: () => number;
};

/**
 * The embedded event store. Appends that arrive while a commit is being prepared
 * share one transaction (group commit): one fsync acknowledges many commands,
 * and each append still succeeds or fails on its own expected revision.
 */
export const openSqliteEventStore = (
  db: SqliteDatabase,
  options: SqliteEventStoreOptions = {},
): EventStore => {
  db.exec(SCHEMA);
  // Appends by this process wake its subscriptions at once; other processes' are found by
  // polling (an indexed read of nothing, most of the time).
  const pollIntervalMs = options.pollIntervalMs ?? 15;
  const now = options.now ?? Date.now;

  const selectStream = db.prepare<[string], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? ORDER BY revision',
  );
  const selectAll = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  const selectCount = db.prepare<[number, number], { count: number }>(
    'SELECT COUNT(*) AS count FROM (SELECT 1 FROM events WHERE position > ? LIMIT ?)',
  );
  const selectHead = db.prepare<[], { position: number | null }>(
    'SELECT MAX(position) AS position FROM events',
  );
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

  const appended = new Subject<bigint>();
  let queue: PendingAppend[] = [];
  let flushScheduled = false;
  let closed = false;

  /** An append whose event ids are already in the stream, in order, was done before. */
  const findEarlierAppend = (streamId: string, events: EventToAppend[]): AppendResult | null => {
    const first = selectById.get(events[0]!.id);
    if (!first) return null;
    if (first.stream_id !== streamId) {
      throw new Error(`Event id ${events[0]!.id} already exists in another stream`);
    }
    let last = first;
    for (let i = 1; i < events.length; i++) {
      const found = selectById.get(events[i]!.id);
      if (!found || found.stream_id !== streamId || found.revision !== first.revision + i) {
        throw new Error(`Event ids of this append were partly written before`);
      }
      last = found;
    }
    return { nextRevision: BigInt(last.revision), position: BigInt(last.position) };
  };

  const acceptable = (current: number, expected: ExpectedRevision): boolean => {
    if (expected === 'any') return true;
    if (expected === 'no_stream') return current === NO_STREAM;
    if (expected === 'stream_exists') return current !== NO_STREAM;
    return BigInt(current) === expected;
  };

  /** Writes one append inside the open transaction; returns its result or the reason it failed. */
  const writeOne = (item: PendingAppend): AppendResult | Error => {
    const earlier = findEarlierAppend(item.streamId, item.events);
    if (earlier) return earlier;
    const current = selectRevision.get(item.streamId)?.revision ?? NO_STREAM;
    if (!acceptable(current, item.expected)) {
      return new WrongExpectedRevisionError(
        item.streamId,
        describeExpected(item.expected),
        current === NO_STREAM ? 'no_stream' : String(current),
      );
    }
    let revision = current;
    let position = 0;
    const createdAt = now();
    for (const event of item.events) {
      revision += 1;
      const info = insertEvent.run({
        id: event.id,
        streamId: item.streamId,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        createdAt,
      });
      position = Number(info.lastInsertRowid);
    }
    upsertStream.run(item.streamId, revision);
    return { nextRevision: BigInt(revision), position: BigInt(position) };
  };

  // IMMEDIATE: the write lock is taken (waiting on busy_timeout) before the first read. A
  // deferred transaction that reads, then writes after another process committed, would be
  // refused at once with SQLITE_BUSY instead of waiting.
  const writeBatch = db.transaction((batch: PendingAppend[]) => batch.map(writeOne));
  const writeAlone = db.transaction((item: PendingAppend) => writeOne(item));

  const settle = (item: PendingAppend, outcome: AppendResult | Error) => {
    if (outcome instanceof Error) item.reject(outcome);
    else item.resolve(outcome);
  };

  const flush = () => {
    flushScheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let outcomes: (AppendResult | Error)[];
    try {
      outcomes = writeBatch.immediate(batch);
    } catch {
      // One append broke the shared transaction (e.g. a reused event id):
      // give each its own so only the faulty one fails.
      outcomes = batch.map((item) => {
        try {
          return writeAlone.immediate(item);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    }
    let head: bigint | null = null;
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      settle(item, outcome);
      if (!(outcome instanceof Error) && (head === null || outcome.position > head)) {
        head = outcome.position;
      }
    });
    if (head !== null) appended.next(head);
  };

  const appendToStream = (
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> => {
    if (closed) return Promise.reject(new Error('Event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    return new Promise((resolve, reject) => {
      queue.push({ streamId, events, expected, resolve, reject });
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });
  };

  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> =>
    selectAll.all(Number(after ?? 0n), maxCount).map(rowToEvent);

  /** Resolves when an append passes `position`, when the poll interval ends, or on abort. */
  const nextAppendAfter = (position: bigint, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        subscription.unsubscribe();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollIntervalMs);
      const subscription = appended.subscribe((head) => {
        if (head > position) done();
      });
      signal.addEventListener('abort', done);
    });

  async function* subscribeToAll(
    start: SubscriptionStart,
    signal: AbortSignal,
  ): AsyncIterable<RecordedEvent> {
    let after = start === 'start' ? 0n : start.after;
    const pageSize = 2000;
    while (!signal.aborted && !closed) {
      const page = await readAll({ after, maxCount: pageSize });
      for (const event of page) {
        if (signal.aborted) return;
        yield event;
        after = event.position;
      }
      if (page.length < pageSize) await nextAppendAfter(after, signal);
    }
  }

  return {
    engine: 'sqlite',
    appendToStream,
    readStream: async (streamId) => selectStream.all(streamId).map(rowToEvent),
    readAll,
    subscribeToAll,
    headPosition: async () => {
      const { position } = selectHead.get() ?? { position: null };
      return position === null ? null : BigInt(position);
    },
    countEventsAfter: async (position, cap) =>
      selectCount.get(Number(position ?? 0n), cap)?.count ?? 0,
    close: async () => {
      flush();
      closed = true;
      appended.complete();
    },
  };
};
