import type { EventOfType, EventType } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import type { CollectionSpecs, Projection, ProjectionView, Reaction } from './define';

/** What a reactor's handler may do: read projections' read models, and ask for commands. */
export type ReactorContext = {
  /**
   * A projection's collections, read-only. The reactor's processor waits, before a batch,
   * until every projection the reactor `reads` has applied the batch's events.
   */
  read<C extends CollectionSpecs>(projection: Projection<C>): ProjectionView<C>;
  /** Asks for a command, run before the reactor's checkpoint moves past the event. */
  dispatch(reaction: Reaction): void;
  /** What this batch asked for so far (a reactor need not ask twice for one thing). */
  readonly dispatched: readonly Reaction[];
};

export type ReactorHandler<T extends EventType> = (
  event: RecordedEvent<EventOfType<T>>,
  context: ReactorContext,
) => Promise<void> | void;

export type ReactorDefinition = {
  /** Names its lease and its checkpoint; distinct from every projection's name. */
  name: string;
  /** The projections its handlers read: each batch waits until they have applied it. */
  reads: readonly Projection[];
  on: { [T in EventType]?: ReactorHandler<T> };
};

/**
 * Events in, commands out: a processor of its own (its lease, its checkpoint), which asks for
 * commands and keeps no read model. It starts at the log's head when first deployed, so a new
 * reactor never replays history's commands, and it reacts at least once to each event after
 * that (a crash before its checkpoint moves runs the reactions again), so every command it
 * asks for must change nothing when repeated.
 */
export type Reactor = {
  readonly name: string;
  readonly reads: readonly Projection[];
  readonly handles: ReadonlySet<string>;
  react(event: RecordedEvent, context: ReactorContext): Promise<void>;
};

export const reactor = (definition: ReactorDefinition): Reactor => {
  const handlers = definition.on as Record<string, ReactorHandler<EventType> | undefined>;
  return {
    name: definition.name,
    reads: definition.reads,
    handles: new Set(Object.keys(handlers)),
    react: async (event, context) => {
      await handlers[event.type]?.(event as RecordedEvent<EventOfType<EventType>>, context);
    },
  };
};
