import type { Decider } from './decider';
import { conflict, rejected, WrongExpectedRevisionError } from './errors';
import type { DomainEvent, EventToAppend, RecordedEvent, StreamAccess } from './events';

export type HandlerOptions = {
  /** Makes event ids; ids let a store recognise a retried append. */
  newId: () => string;
  /** Schema version of each event type. */
  versionOf: (type: string) => number;
  /** Checks each event before it is written. */
  validate?: (event: DomainEvent) => void;
  maxAttempts?: number;
  /** Waits before attempt `n` after a conflict (jittered backoff keeps racers apart). */
  pause?: (attempt: number) => Promise<void>;
  /** Folds remembered between commands, for deciders that read no personal fields. */
  folds?: FoldCache;
  /** The command was sent under an idempotency key: handled once, however often it comes. */
  once?: Once;
};

/**
 * A command sent under an idempotency key (an offline write sent again after a reload, from a
 * second tab, on a retry). Its events get ids derived from the key, so the stream itself
 * remembers that the command was handled: a repeat finds them there and writes nothing, and
 * two sends that race append the same ids, which the store takes as one append.
 */
export type Once = {
  /** The id of the command's `index`-th event in `streamId`. */
  eventId: (streamId: string, index: number) => string;
  /** The request's fingerprint: the same key sent with another request is refused. */
  request: string;
  /** Where the key came in: a refusal of a reused key names it. */
  field: string;
};

/**
 * A stream's fold as of a revision. A command on a remembered stream reads only the events
 * after that revision (another process may have appended them), so its cost does not grow
 * with the stream's history.
 */
export type FoldCache = {
  get(streamId: string, evolve: object): { revision: bigint; state: unknown } | undefined;
  set(streamId: string, evolve: object, revision: bigint, state: unknown): void;
};

/** A decider bound to the stream its commands address, once, beside the decider. */
export type CommandHandler<Command, Event extends DomainEvent, State> = {
  decider: Decider<Command, Event, State>;
  streamOf: (command: Command) => string;
};

export const commandHandler = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  streamOf: (command: Command) => string,
): CommandHandler<Command, Event, State> => ({ decider, streamOf });

export type HandledCommand<Event, State = unknown> = {
  events: Event[];
  /** Log position of the last event written; null when the command changed nothing. */
  position: bigint | null;
  /** The stream's state with the new events folded in. */
  state: State;
  /** A keyed command handled before: `events` are the ones it wrote then, nothing was written now. */
  repeated: boolean;
};

/**
 * A stream's fold now and the revision it stands at (undefined: no stream). A remembered fold
 * reads only the events after it; a decider that reads no personal fields gets them sealed.
 */
export const readFold = async <Event, State>(
  store: Pick<StreamAccess, 'readStream'>,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'readsPersonalFields'>,
  cache?: FoldCache,
): Promise<{ state: State; revision: bigint | undefined }> => {
  const unread = decider.readsPersonalFields === false;
  const folds = unread ? cache : undefined;
  const known = folds?.get(streamId, decider.evolve);
  const newer = (await store.readStream(streamId, {
    ...(known ? { fromRevision: known.revision + 1n } : {}),
    ...(unread ? { openPersonalFields: false } : {}),
  })) as unknown as (Event & { revision: bigint })[];
  const state = newer.reduce(
    decider.evolve,
    known ? (known.state as State) : decider.initialState(),
  );
  const revision = newer.length > 0 ? newer[newer.length - 1]!.revision : known?.revision;
  if (folds && newer.length > 0) folds.set(streamId, decider.evolve, revision!, state);
  return { state, revision };
};

const readOptions = (decider: { readsPersonalFields?: false }) =>
  decider.readsPersonalFields === false ? { openPersonalFields: false } : {};

/**
 * What a keyed command wrote when it was first handled, found in its stream's events (read
 * from the start), with the stream's state just after them; null when it never was.
 */
const earlierIn = async <Event, State>(
  store: Pick<StreamAccess, 'readStream'>,
  streamId: string,
  recorded: RecordedEvent[],
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'readsPersonalFields'>,
  once: Once,
): Promise<HandledCommand<Event, State> | null> => {
  const first = once.eventId(streamId, 0);
  const start = recorded.findIndex((event) => event.id === first);
  if (start < 0) return null;
  if (recorded[start]!.metadata.request !== once.request) {
    throw rejected(
      once.field,
      'Key already used',
      'This idempotency key was used for a different request: make a new key for a new request.',
    );
  }
  let end = start + 1;
  while (recorded[end]?.id === once.eventId(streamId, end - start)) end++;
  const state = (recorded.slice(0, end) as unknown as Event[]).reduce(
    decider.evolve,
    decider.initialState(),
  );
  // The answer the first sending had shows what it wrote: read those events with their text.
  const written =
    decider.readsPersonalFields === false
      ? (await store.readStream(streamId, { fromRevision: recorded[start]!.revision })).slice(
          0,
          end - start,
        )
      : recorded.slice(start, end);
  return {
    events: written as unknown as Event[],
    position: recorded[end - 1]!.position,
    state,
    repeated: true,
  };
};

/**
 * The outcome a keyed command had when it was first handled, or null when it never was: a
 * route asks before its own checks, so a repeat is answered as the first sending was even
 * when those checks would now refuse it (the day has ended since, say).
 */
export const findEarlier = async <Event, State>(
  store: Pick<StreamAccess, 'readStream'>,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'readsPersonalFields'>,
  once: Once,
): Promise<HandledCommand<Event, State> | null> =>
  earlierIn(store, streamId, await store.readStream(streamId, readOptions(decider)), decider, once);

/**
 * A keyed command's read: the whole stream (a remembered fold would hide the events it must
 * find), folded, unless it holds what the command wrote before.
 */
const readOnce = async <Event, State>(
  store: StreamAccess,
  streamId: string,
  decider: Decider<unknown, Event, State>,
  once: Once,
) => {
  const recorded = await store.readStream(streamId, readOptions(decider));
  const earlier = await earlierIn(store, streamId, recorded, decider, once);
  if (earlier) return { earlier };
  return {
    state: (recorded as unknown as Event[]).reduce(decider.evolve, decider.initialState()),
    revision: recorded[recorded.length - 1]?.revision,
  };
};

/**
 * Read the stream, fold it, decide, append with the expected revision;
 * on a version conflict start again from the read, a few times.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: StreamAccess,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandlerOptions,
): Promise<HandledCommand<Event, State>> => {
  const maxAttempts = options.maxAttempts ?? 5;
  const { once } = options;
  const folds = decider.readsPersonalFields === false && !once ? options.folds : undefined;
  for (let attempt = 1; ; attempt++) {
    const read = once
      ? await readOnce(store, streamId, decider as Decider<unknown, Event, State>, once)
      : await readFold(store, streamId, decider, folds);
    if ('earlier' in read) return read.earlier;
    const { state, revision } = read;
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, state, repeated: false };
    events.forEach((event) => options.validate?.(event));
    const toAppend: EventToAppend[] = events.map((event, index) => ({
      id: once ? once.eventId(streamId, index) : options.newId(),
      type: event.type,
      data: event.data,
      metadata: {
        v: options.versionOf(event.type),
        ...(once ? { request: once.request } : {}),
      },
    }));
    const expected = revision === undefined ? 'no_stream' : revision;
    try {
      const result = await store.appendToStream(streamId, toAppend, expected);
      const next = events.reduce(decider.evolve, state);
      folds?.set(streamId, decider.evolve, result.nextRevision, next);
      return { events, position: result.position, state: next, repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) {
        throw conflict('Busy', 'Too many simultaneous changes; please try again.');
      }
      await options.pause?.(attempt + 1);
    }
  }
};
