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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** The EventStore port on EventStoreDB / KurrentDB (`@eventstore/db-client`). */
export const openEventStoreDb = async (connectionString: string): Promise<EventStore> => {
  const client = EventStoreDBClient.connectionString(connectionString);

  const readStream = async (streamId: string): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, {
        fromRevision: START,
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

  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    // readAll includes the event at fromPosition; ours is exclusive, so it is skipped below.
    const read = client.readAll({
      fromPosition: after === undefined ? START : toClientPosition(after),
      direction: FORWARDS,
      maxCount: maxCount + 1,
    });
    for await (const resolved of read) {
      const recorded = toRecorded(resolved);
      if (!recorded || (after !== undefined && recorded.position <= after)) continue;
      events.push(recorded);
      if (events.length === maxCount) break;
    }
    return events;
  };

  async function* subscribeToAll(
    start: SubscriptionStart,
    signal: AbortSignal,
  ): AsyncIterable<RecordedEvent> {
    let after = start === 'start' ? null : start.after;
    let backoff = 100;
    while (!signal.aborted) {
      const subscription = client.subscribeToAll({
        fromPosition: after === null ? START : toClientPosition(after),
        filter: excludeSystemEvents(),
      });
      const stop = () => void subscription.unsubscribe();
      signal.addEventListener('abort', stop);
      try {
        for await (const resolved of subscription) {
          const recorded = toRecorded(resolved);
          // A resubscription may hand back the last event seen: positions tell.
          if (!recorded || (after !== null && recorded.position <= after)) continue;
          yield recorded;
          after = recorded.position;
          backoff = 100;
        }
      } catch (error) {
        if (signal.aborted) return;
        // Dropped (server restart, network): resubscribe from the last delivered position.
        console.warn(`EventStoreDB subscription dropped (${String(error)}); resubscribing`);
      } finally {
        signal.removeEventListener('abort', stop);
        await subscription.unsubscribe().catch(() => undefined);
      }
      await sleep(backoff, signal);
      backoff = Math.min(backoff * 2, 5000);
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
    headPosition: async () => {
      for await (const resolved of client.readAll({
        fromPosition: 'end',
        direction: 'backwards',
        maxCount: 50,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
      }
      return null;
    },
    close: () => client.dispose(),
  };
};
