import type pg from 'pg';
import { WrongExpectedRevisionError } from '../../domain/shared/errors';
import type { EventMetadata } from '../../domain/shared/events';
import { openListener, type Listener } from '../postgres/listener';
import { openPool, readingPool, type PostgresPoolOptions } from '../postgres/pool';
import { applySchema } from '../postgres/schema';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  RecordedEvent,
  SubscriptionStart,
} from './event-store';
import {
  DELIVERABLE_LIMIT_SQL,
  EVENT_SCHEMA_SQL,
  MAX_EVENTS_PER_TRANSACTION,
  NOTIFY_CHANNEL,
} from './postgres-schema';
import { toRecordedEvent } from './recorded';

type EventRow = {
  position: string;
  id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
};

type OutcomeRow = {
  outcome: 'written' | 'wrong-revision';
  next_revision: string | null;
  last_position: string | null;
  actual: string | null;
};

type PendingAppend = {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};

export type PostgresEventStoreOptions = PostgresPoolOptions & {
  /** The floor under LISTEN/NOTIFY: a caught-up subscription looks again at least this often. */
  pollIntervalMs?: number;
  /** Clock for created_at; injectable for tests. */
  now?: () => number;
  /** Batches of appends under way at once (each a transaction on a connection of its own). */
  concurrentBatches?: number;
};

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, created_at';

const rowToEvent = (row: EventRow): RecordedEvent =>
  toRecordedEvent({
    id: row.id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  });

const describeExpected = (expected: ExpectedRevision) =>
  typeof expected === 'bigint' ? expected.toString() : expected;

/** Splits a batch so no transaction holds more events than a position's ordinal can count. */
const slicesOf = (batch: PendingAppend[]): PendingAppend[][] => {
  const slices: PendingAppend[][] = [];
  let current: PendingAppend[] = [];
  let events = 0;
  for (const item of batch) {
    if (current.length > 0 && events + item.events.length > MAX_EVENTS_PER_TRANSACTION) {
      slices.push(current);
      current = [];
      events = 0;
    }
    current.push(item);
    events += item.events.length;
  }
  if (current.length > 0) slices.push(current);
  return slices;
};

/**
 * The event store on PostgreSQL. Appends that arrive while a batch is being written share the
 * next one (group commit: one statement, one commit for many commands), each still accepted or
 * refused on its own expected revision. Readers take only what no running transaction can
 * still add to below (see `postgres-schema.ts`), are woken by `LISTEN/NOTIFY`, and poll as the
 * floor a lost notification (a restart, a cut connection) cannot defeat.
 */
export const openPostgresEventStore = async (
  options: PostgresEventStoreOptions,
): Promise<EventStore & { pool: pg.Pool; writtenHead: () => Promise<bigint | null> }> => {
  const pool = openPool({ applicationName: 'boon-log', ...options });
  const reads = readingPool(pool);
  let closing: Promise<void> | null = null;
  try {
    await applySchema(pool, 'boon:event-log', EVENT_SCHEMA_SQL);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const now = options.now ?? Date.now;
  const listener: Listener = openListener(options.connectionString, {
    applicationName: 'boon-log-listener',
  });
  const wakers = new Set<() => void>();
  const wakeAll = () => [...wakers].forEach((wake) => wake());
  const stopNotices = listener.on(NOTIFY_CHANNEL, wakeAll);
  const stopReconnects = listener.onReconnect(wakeAll);

  let queue: PendingAppend[] = [];
  const writing = new Set<Promise<void>>();
  const maxBatches = options.concurrentBatches ?? 2;
  let flushScheduled = false;
  let closed = false;

  const callBatch = async (batch: PendingAppend[]): Promise<OutcomeRow[]> => {
    const streams: string[] = [];
    const expected: string[] = [];
    const counts: number[] = [];
    const ids: string[] = [];
    const types: string[] = [];
    const data: string[] = [];
    const metadata: string[] = [];
    for (const item of batch) {
      streams.push(item.streamId);
      expected.push(describeExpected(item.expected));
      counts.push(item.events.length);
      for (const event of item.events) {
        ids.push(event.id);
        types.push(event.type);
        data.push(JSON.stringify(event.data));
        metadata.push(JSON.stringify(event.metadata));
      }
    }
    const { rows } = await pool.query<OutcomeRow>(
      'SELECT * FROM boon_append_batch($1, $2, $3, $4, $5, $6, $7, $8)',
      [streams, expected, counts, ids, types, data, metadata, new Date(now())],
    );
    return rows;
  };

  const settle = (item: PendingAppend, row: OutcomeRow) => {
    if (row.outcome === 'written') {
      item.resolve({
        nextRevision: BigInt(row.next_revision!),
        position: BigInt(row.last_position!),
      });
    } else {
      item.reject(
        new WrongExpectedRevisionError(item.streamId, describeExpected(item.expected), row.actual!),
      );
    }
  };

  /** One slice as one statement; when it raises, each append alone, so only the faulty one fails. */
  const writeSlice = async (slice: PendingAppend[]) => {
    try {
      const rows = await callBatch(slice);
      slice.forEach((item, i) => settle(item, rows[i]!));
    } catch (batchError) {
      if (slice.length === 1) {
        slice[0]!.reject(batchError);
        return;
      }
      for (const item of slice) {
        try {
          const [row] = await callBatch([item]);
          settle(item, row!);
        } catch (error) {
          item.reject(error);
        }
      }
    }
  };

  /**
   * Everything queued so far, as one batch; while `concurrentBatches` are under way, appends
   * wait for one to end and share the next (a batch executes while another one commits).
   */
  const flush = () => {
    flushScheduled = false;
    if (writing.size >= maxBatches) return;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const written = (async () => {
      for (const slice of slicesOf(batch)) await writeSlice(slice);
    })();
    writing.add(written);
    void written.finally(() => {
      writing.delete(written);
      flush();
    });
  };

  const appendToStream = (
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> => {
    if (closed) return Promise.reject(new Error('Event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    if (events.length > MAX_EVENTS_PER_TRANSACTION) {
      return Promise.reject(
        new Error(`At most ${MAX_EVENTS_PER_TRANSACTION} events in one append`),
      );
    }
    return new Promise((resolve, reject) => {
      queue.push({ streamId, events, expected, resolve, reject });
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });
  };

  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const { rows } = await reads.query<EventRow>(
      `SELECT ${COLUMNS} FROM events
        WHERE position > $1 AND position < ${DELIVERABLE_LIMIT_SQL}
        ORDER BY position LIMIT $2`,
      [(after ?? 0n).toString(), maxCount],
    );
    return rows.map(rowToEvent);
  };

  /**
   * Waits for a notice of a commit, the poll interval, or the abort. A notice may come before
   * its events can be read (a transaction below them still running, whose commit may send no
   * notice of its own: a read model's unit of work): then the next waits are short.
   */
  const nextWake = (signal: AbortSignal, waitMs: number) =>
    new Promise<'notified' | 'timeout'>((resolve) => {
      const done = (how: 'notified' | 'timeout') => {
        clearTimeout(timer);
        wakers.delete(onNotice);
        signal.removeEventListener('abort', onAbort);
        resolve(how);
      };
      const onNotice = () => done('notified');
      const onAbort = () => done('timeout');
      const timer = setTimeout(() => done('timeout'), waitMs);
      wakers.add(onNotice);
      signal.addEventListener('abort', onAbort);
    });

  async function* subscribeToAll(
    start: SubscriptionStart,
    signal: AbortSignal,
  ): AsyncIterable<RecordedEvent> {
    let after = start === 'start' ? 0n : start.after;
    const pageSize = 2000;
    let shortWaitMs = 0;
    while (!signal.aborted && !closed) {
      let page: RecordedEvent[];
      try {
        page = await readAll({ after, maxCount: pageSize });
      } catch {
        // The server is away (restarting, cut off): look again after the poll interval.
        await nextWake(signal, pollIntervalMs);
        continue;
      }
      for (const event of page) {
        if (signal.aborted) return;
        yield event;
        after = event.position;
      }
      if (page.length === pageSize) continue;
      if (page.length > 0) shortWaitMs = 0;
      const how = await nextWake(signal, shortWaitMs > 0 ? shortWaitMs : pollIntervalMs);
      shortWaitMs =
        how === 'notified'
          ? 2
          : shortWaitMs > 0 && shortWaitMs < pollIntervalMs
            ? shortWaitMs * 2
            : 0;
    }
  }

  return {
    engine: 'postgres',
    // One batch at a time: each batch's appends take positions in the order they were made.
    appendsInOrder: maxBatches === 1,
    pool,
    appendToStream,
    readStream: async (streamId, readOptions) => {
      const { rows } = await reads.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
        [streamId, (readOptions?.fromRevision ?? 0n).toString()],
      );
      return rows.map(rowToEvent);
    },
    readAll,
    subscribeToAll,
    // The head a reader can reach: events of a transaction still running below others are not
    // part of it yet (a reactor first deployed at the head must not start past them).
    headPosition: async () => {
      const { rows } = await reads.query<{ position: string }>(
        `SELECT position FROM events WHERE position < ${DELIVERABLE_LIMIT_SQL}
          ORDER BY position DESC LIMIT 1`,
      );
      return rows[0] ? BigInt(rows[0].position) : null;
    },
    // The last position written, visible to readers or not yet (tests wait for readers to get
    // there; nothing else may read past the deliverable limit).
    writtenHead: async () => {
      const { rows } = await reads.query<{ position: string | null }>(
        'SELECT max(position) AS position FROM events',
      );
      return rows[0]?.position ? BigInt(rows[0].position) : null;
    },
    // Positions have gaps (see postgres-schema.ts): the events are counted, through the key.
    countEventsAfter: async (position, cap) => {
      const { rows } = await reads.query<{ count: string }>(
        `SELECT count(*) AS count FROM (
           SELECT 1 FROM events WHERE position > $1 AND position < ${DELIVERABLE_LIMIT_SQL}
            ORDER BY position LIMIT $2) counted`,
        [(position ?? 0n).toString(), Math.min(cap, Number.MAX_SAFE_INTEGER)],
      );
      return Number(rows[0]!.count);
    },
    // Once, however many ask (a sealing wrapper closes the log it wraps).
    close: () =>
      (closing ??= (async () => {
        flush();
        closed = true;
        while (writing.size > 0) await Promise.all(writing);
        stopNotices();
        stopReconnects();
        wakeAll();
        await listener.close();
        await pool.end();
      })()),
  };
};
