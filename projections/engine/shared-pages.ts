import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore, ReadAllOptions } from '../../infra/event-store/event-store';

type Page = {
  /** The page holds every event after this position (null: from the first) up to its last. */
  after: bigint | null;
  events: Promise<RecordedEvent[]>;
  /** Set once read: the last position it holds. */
  last: bigint | null;
};

/** `after` falls within the page (and something follows it there). */
const within = (page: Page, after: bigint | null) =>
  page.last !== null &&
  (page.after === null || (after !== null && after >= page.after)) &&
  (after === null || after < page.last);

/**
 * The log as projections catching up on their own read it: the last few pages read are kept,
 * and a read that starts inside one of them is answered from it (up to its end), so
 * projections behind by the same stretch (a restart on a log that grew) read and open each
 * event once between them, not once each. A read the page cannot answer goes to the log; so
 * does a read past a page that ended at the head (nothing empty is kept). Reads of one page
 * asked for together share one read.
 */
export const sharedPages = (events: EventStore, kept = 4, keptMs = 10_000): EventStore => {
  let pages: Page[] = [];
  const drop = (page: Page) => {
    pages = pages.filter((p) => p !== page);
  };

  const read = (options: ReadAllOptions): Page => {
    const page: Page = {
      after: options.after ?? null,
      events: events.readAll(options),
      last: null,
    };
    pages = [...pages.slice(-(kept - 1)), page];
    page.events.then(
      (read) => {
        if (read.length === 0) return drop(page);
        page.last = read[read.length - 1]!.position;
        // Opened personal fields stay in memory no longer than a catch-up needs them.
        setTimeout(() => drop(page), keptMs).unref();
      },
      () => drop(page),
    );
    return page;
  };

  const readAll = async (options: ReadAllOptions): Promise<RecordedEvent[]> => {
    const after = options.after ?? null;
    const same = pages.find((p) => p.after === after && p.last === null);
    const held = same ?? pages.find((p) => within(p, after)) ?? read(options);
    const page = await held.events;
    const from = after === null ? 0 : page.findIndex((event) => event.position > after);
    return from === -1 ? [] : page.slice(from, from + options.maxCount);
  };

  return { ...events, readAll };
};
