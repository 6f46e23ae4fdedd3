import { createHash } from 'node:crypto';
import { currentVersionOf } from '../../domain/event-catalog';
import type { EventStore, RecordedEvent } from '../../infra/event-store/event-store';

export type LogSummary = {
  events: number;
  streams: number;
  /** Positions of the first and last event in this store's own numbering; null when empty. */
  first: string | null;
  last: string | null;
  /**
   * SHA-256 over every event in log order: id, stream, revision, type, data and metadata, not
   * positions or times (another engine numbers and stamps its own), so two stores holding the
   * same history have the same digest.
   */
  digest: string;
};

const PAGE = 1000;

/**
 * Metadata as the event reads now: a store hands out older events' data already brought up
 * to date, so their version is the current one (a copy writes them so).
 */
export const currentMetadata = (event: RecordedEvent) => ({
  ...event.metadata,
  v: currentVersionOf(event.type),
});

/** What an event is, whatever store holds it. */
export const eventIdentity = (event: RecordedEvent) =>
  JSON.stringify([
    event.id,
    event.streamId,
    event.revision.toString(),
    event.type,
    event.data,
    currentMetadata(event),
  ]);

/** Reads the whole log in pages, in order. */
export async function* readLog(events: EventStore, after?: bigint) {
  let cursor = after;
  for (;;) {
    const page = await events.readAll({
      maxCount: PAGE,
      ...(cursor === undefined ? {} : { after: cursor }),
    });
    yield* page;
    if (page.length < PAGE) return;
    cursor = page.at(-1)!.position;
  }
}

/** Counts, bounds and digest of a whole log. */
export const summarizeLog = async (events: EventStore): Promise<LogSummary> => {
  const hash = createHash('sha256');
  const streams = new Set<string>();
  let count = 0;
  let first: bigint | null = null;
  let last: bigint | null = null;
  for await (const event of readLog(events)) {
    hash.update(eventIdentity(event)).update('\n');
    streams.add(event.streamId);
    count++;
    first ??= event.position;
    last = event.position;
  }
  return {
    events: count,
    streams: streams.size,
    first: first?.toString() ?? null,
    last: last?.toString() ?? null,
    digest: hash.digest('hex'),
  };
};
