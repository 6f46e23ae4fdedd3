import type { Decider } from './decider';
import { conflict, WrongExpectedRevisionError } from './errors';
import type { DomainEvent, EventToAppend, StreamAccess } from './events';

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
  const folds = decider.readsPersonalFields === false ? options.folds : undefined;
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await readFold(store, streamId, decider, folds);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, state };
    events.forEach((event) => options.validate?.(event));
    const toAppend: EventToAppend[] = events.map((event) => ({
      id: options.newId(),
      type: event.type,
      data: event.data,
      metadata: { v: options.versionOf(event.type) },
    }));
    const expected = revision === undefined ? 'no_stream' : revision;
    try {
      const result = await store.appendToStream(streamId, toAppend, expected);
      const next = events.reduce(decider.evolve, state);
      folds?.set(streamId, decider.evolve, result.nextRevision, next);
      return { events, position: result.position, state: next };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) {
        throw conflict('Busy', 'Too many simultaneous changes; please try again.');
      }
      await options.pause?.(attempt + 1);
    }
  }
};
