import type { RecordedEvent } from '../../domain/shared/events';
import type { Doc, IndexSpec, ReadStore, UnitOfWork } from '../../infra/read-store/read-store';

/**
 * Events a reactor gave up on after its attempts (a dead letter each): the reaction's last
 * error, for an operator to fix the cause and ask for another try. The reactor went on past
 * them; nothing of the event itself is kept here (its data stays in the log).
 */
export const PARKED = 'reactor_parked';

export type ParkedDoc = Doc & {
  reactor: string;
  eventId: string;
  eventType: string;
  /** The event's position in the log, where a retry reads it. */
  position: string;
  attempts: number;
  error: string;
  parkedAt: string;
  /** An operator asked for another try: the process running the reactor makes it. */
  /** 1 once asked, else 0: indexed fields hold strings, numbers or null (never a boolean). */
  retryAsked: 0 | 1;
};

export const PARKED_INDEXES: readonly IndexSpec[] = [
  { key: { reactor: 1, parkedAt: 1 } },
  { key: { reactor: 1, retryAsked: 1, parkedAt: 1 } },
];

/** Errors are kept short: a stack or a whole SQL statement says no more to an operator. */
const ERROR_LENGTH = 500;

const parkedId = (reactor: string, eventId: string) => `${reactor}:${eventId}`;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);

/** Parks an event, in the unit of work that moves the reactor's checkpoint past it. */
export const park = async (
  tx: UnitOfWork,
  reactor: string,
  event: RecordedEvent,
  attempts: number,
  error: unknown,
) => {
  await tx.collection<ParkedDoc>(PARKED).upsertOne({
    _id: parkedId(reactor, event.id),
    reactor,
    eventId: event.id,
    eventType: event.type,
    position: String(event.position),
    attempts,
    error: messageOf(error),
    parkedAt: new Date().toISOString(),
    retryAsked: 0,
  });
};

/** A retry failed again: the event stays parked, with this error, until asked again. */
export const failedAgain = async (tx: UnitOfWork, parked: ParkedDoc, error: unknown) => {
  await tx.collection<ParkedDoc>(PARKED).upsertOne({
    ...parked,
    attempts: parked.attempts + 1,
    error: messageOf(error),
    retryAsked: 0,
  });
};

export const unpark = async (tx: UnitOfWork, parked: ParkedDoc) => {
  await tx.collection<ParkedDoc>(PARKED).deleteOne({ _id: parked._id });
};

/** The parked events of a reactor that an operator asked to try again, oldest first. */
export const retriesAsked = (readStore: ReadStore, reactor: string, limit: number) =>
  readStore
    .collection<ParkedDoc>(PARKED)
    .find({ reactor, retryAsked: 1 }, { sort: { parkedAt: 1 }, limit });

export type ParkedReactions = {
  reactor: string;
  count: number;
  /** Of those, the ones an operator asked to try again, not tried yet. */
  retrying: number;
  /** The oldest few. */
  events: ParkedDoc[];
};

/** Each reactor's parked events: how many, and the oldest `shown`. */
export const parkedReactions = async (
  readStore: ReadStore,
  reactors: readonly string[],
  shown = 20,
): Promise<ParkedReactions[]> => {
  // Declared here too: a tool may ask before any engine ran on this store.
  await readStore.ensureIndexes(PARKED, PARKED_INDEXES);
  const parked = readStore.collection<ParkedDoc>(PARKED);
  return Promise.all(
    reactors.map(async (reactor) => ({
      reactor,
      count: await parked.count({ reactor }),
      retrying: await parked.count({ reactor, retryAsked: 1 }),
      events: await parked.find({ reactor }, { sort: { parkedAt: 1 }, limit: shown }),
    })),
  );
};

/**
 * Asks the process running the reactor to try parked events again, at its next lease check:
 * one (`eventId`), or every one of the reactor's. Answers how many were asked for.
 */
export const requestRetry = async (
  readStore: ReadStore,
  reactor: string,
  eventId?: string,
): Promise<number> => {
  await readStore.ensureIndexes(PARKED, PARKED_INDEXES);
  return readStore.transaction(async (tx) => {
    const parked = tx.collection<ParkedDoc>(PARKED);
    const filter = eventId === undefined ? { reactor } : { _id: parkedId(reactor, eventId) };
    return parked.updateMany(filter, { $set: { retryAsked: 1 } });
  });
};
