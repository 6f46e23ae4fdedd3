import {
  ANY,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError } from '../../domain/shared/errors';
import type { EventMetadata } from '../../domain/shared/events';
import type {
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscriptionStart,
} from './event-store';
import { toRecordedEvent } from './recorded';

const toClientRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return expected;
};

const describeExpected = (expected: ExpectedRevision) =>
  typeof expected === 'bigint' ? expected.toString() : expected;

/**
 * Our position is the event's commit position. Since EventStoreDB 20 every event of an
 * append is its own log record, so commit and prepare positions are equal and resuming
 * from {commit: p, prepare: p} is exact.
 */
const toClientPosition = (position: bigint) => ({ commit: position, prepare: position });

const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  if (event.streamId.startsWith('$') || event.type.startsWith('$')) return null;
  const position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined)
    throw new Error('EventStoreDB did not return a position (server older than 22.6?)');
  return toRecordedEvent({
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? { v: 1 }) as EventMetadata,
    createdAt: event.created,
  });
};

/** Client 6.2.1 knows only esdb:// URLs; KurrentDB's names for the same format are accepted. */
export const clientConnectionString = (url: string) =>
  url.replace(
    /^(kurrentdb|kdb)(\+discover)?:\/\//,
    (_m, _scheme, discover = '') => `esdb${discover}://`,
  );

export class EventStoreUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `EventStoreDB at ${url.replace(/\/\/[^@/]*@/, '//')} did not answer: ${String(cause)}. ` +
        `Is it running, and does EVENTSTORE_URL name it (e.g. esdb://localhost:2113?tls=false)?`,
    );
    this.name = 'EventStoreUnreachableError';
  }
}

/** Raw records read per request; pages of domain events are assembled from as many as it takes. */
const RAW_PAGE = 1000;

/** The EventStore port on EventStoreDB / KurrentDB (`@eventstore/db-client`). */
export const openEventStoreDb = async (connectionString: string): Promise<EventStore> => {
  const client = EventStoreDBClient.connectionString(clientConnectionString(connectionString));
  try {
    for await (const resolved of client.readAll({ maxCount: 1, deadline: 5000 })) void resolved;
  } catch (error) {
    await client.dispose();
    throw new EventStoreUnreachableError(connectionString, error);
  }

  const readStream = async (
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, {
        fromRevision: options.fromRevision ?? START,
        direction: FORWARDS,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  /**
   * Domain events after `after`, read forwards by raw record. System and link records are
   * skipped, so a page comes back short only at the end of the log, never before it.
   */
  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    let from: bigint | undefined = after;
    for (;;) {
      let raw = 0;
      let last: bigint | undefined = undefined;
      // readAll includes the record at fromPosition; ours is exclusive, so it is skipped.
      for await (const resolved of client.readAll({
        fromPosition: from === undefined ? START : toClientPosition(from),
        direction: FORWARDS,
        maxCount: RAW_PAGE,
      })) {
        raw++;
        const position = resolved.event?.position?.commit ?? resolved.commitPosition;
        if (position !== undefined) last = position;
        const recorded = toRecorded(resolved);
        if (!recorded || (after !== undefined && recorded.position <= after)) continue;
        if (events.length > 0 && recorded.position <= events[events.length - 1]!.position) continue;
        events.push(recorded);
        if (events.length === maxCount) return events;
      }
      if (raw < RAW_PAGE || last === undefined || last === from) return events;
      from = last;
    }
  };

  const headPosition = async (): Promise<bigint | null> => {
    let from: 'end' | { commit: bigint; prepare: bigint } = 'end';
    for (;;) {
      let raw = 0;
      let last: bigint | undefined = undefined;
      for await (const resolved of client.readAll({
        fromPosition: from,
        direction: 'backwards',
        maxCount: RAW_PAGE,
      })) {
        raw++;
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
        last = resolved.event?.position?.commit ?? resolved.commitPosition ?? last;
      }
      if (raw < RAW_PAGE || last === undefined) return null;
      from = toClientPosition(last);
    }
  };

  /**
   * Errors reach the caller (the projection runner records them, backs off and subscribes
   * again from its own position): a failing event never stalls a projection silently.
   */
  async function* subscribeToAll(
    start: SubscriptionStart,
    signal: AbortSignal,
  ): AsyncIterable<RecordedEvent> {
    let after = start === 'start' ? null : start.after;
    const subscription = client.subscribeToAll({
      fromPosition: after === null ? START : toClientPosition(after),
      filter: excludeSystemEvents(),
    });
    const stop = () => void subscription.unsubscribe();
    signal.addEventListener('abort', stop);
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) return;
        const recorded = toRecorded(resolved);
        if (!recorded || (after !== null && recorded.position <= after)) continue;
        yield recorded;
        after = recorded.position;
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => undefined);
    }
  }

  return {
    engine: 'eventstoredb',
    readStream,
    readAll,
    subscribeToAll,
    appendToStream: async (streamId, events, expected) => {
      if (events.length === 0) throw new Error('Nothing to append');
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e) =>
            jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: e.metadata }),
          ),
          { expectedRevision: toClientRevision(expected) },
        );
        let position = result.position?.commit;
        if (position === undefined) {
          // An idempotent re-append may come back without a position: read it.
          const last = (await readStream(streamId)).find(
            (e) => e.revision === result.nextExpectedRevision,
          );
          position = last?.position ?? 0n;
        }
        return { nextRevision: result.nextExpectedRevision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(
            streamId,
            describeExpected(expected),
            String(error.actualVersion),
          );
        }
        throw error;
      }
    },
    headPosition,
    countEventsAfter: async (position, cap) => {
      let count = 0;
      let from = position ?? undefined;
      while (count < cap) {
        const page = await readAll({
          ...(from === undefined ? {} : { after: from }),
          maxCount: Math.min(RAW_PAGE, cap - count),
        });
        count += page.length;
        if (page.length === 0) break;
        from = page[page.length - 1]!.position;
      }
      return count;
    },
    close: () => client.dispose(),
  };
};
