import { fold, type Decider } from './decider';
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
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = fold(decider, history as unknown as Event[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, state };
    events.forEach((event) => options.validate?.(event));
    const toAppend: EventToAppend[] = events.map((event) => ({
      id: options.newId(),
      type: event.type,
      data: event.data,
      metadata: { v: options.versionOf(event.type) },
    }));
    const expected = history.length === 0 ? 'no_stream' : history[history.length - 1]!.revision;
    try {
      const result = await store.appendToStream(streamId, toAppend, expected);
      return { events, position: result.position, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) {
        throw conflict('Busy', 'Too many simultaneous changes; please try again.');
      }
      await options.pause?.(attempt + 1);
    }
  }
};
