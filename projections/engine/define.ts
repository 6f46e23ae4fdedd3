import type { EventOfType, EventType } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import type {
  Doc,
  IndexSpec,
  ReadCollection,
  WriteCollection,
} from '../../infra/read-store/read-store';

/** A collection a projection owns: its document type and the indexes its queries need. */
export type CollectionSpec<T extends Doc> = {
  readonly indexes: readonly IndexSpec[];
  /** Carries the document type; never set. */
  readonly doc?: T;
};

export const collection = <T extends Doc>(...indexes: IndexSpec[]): CollectionSpec<T> => ({
  indexes,
});

// Any document type: a projection's collections are each of their own type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CollectionSpecs = Record<string, CollectionSpec<any>> & { notify?: never };

export type DocOf<S> = S extends CollectionSpec<infer T> ? T : never;

/**
 * A command a reactor asks for (an award, an analysis), run before the reactor's checkpoint
 * commits, so at least once: the decider it reaches must make a repeat change nothing.
 * `causationId` is the id of the event that caused it.
 */
export type Reaction = { type: string; causationId: string } & Record<string, unknown>;

/** What a handler works with: its own collections, by name, and the live topics it changed. */
export type ProjectionDb<C extends CollectionSpecs> = {
  readonly [K in keyof C]: WriteCollection<DocOf<C[K]>>;
} & {
  notify(topic: string): void;
};

/** What a query reads: the projection's collections, read-only. */
export type ProjectionView<C extends CollectionSpecs> = {
  readonly [K in keyof C]: ReadCollection<DocOf<C[K]>>;
};

export type Handler<T extends EventType, C extends CollectionSpecs> = (
  event: RecordedEvent<EventOfType<T>>,
  db: ProjectionDb<C>,
) => Promise<void> | void;

export type Handlers<C extends CollectionSpecs> = { [T in EventType]?: Handler<T, C> };

export type ProjectionDefinition<C extends CollectionSpecs> = {
  name: string;
  /** Bump when the handling changes: the read model is then rebuilt from the first event. */
  version: number;
  collections: C;
  on: Handlers<C>;
  /** Live topics every event it handles changes (others each handler notifies itself). */
  topics?: readonly string[];
};

/** A declared read model as the engine and the API see it. */
export type Projection<C extends CollectionSpecs = CollectionSpecs> = {
  readonly name: string;
  readonly version: number;
  readonly collections: C;
  /** The event types it handles, derived from its handlers. */
  readonly handles: ReadonlySet<string>;
  /** Applies one event it handles (others are not passed in). */
  apply(event: RecordedEvent, db: ProjectionDb<C>): Promise<void>;
};

/** Declares a read model: a handler per event type, its collections and their indexes. */
export const projection = <C extends CollectionSpecs>(
  definition: ProjectionDefinition<C>,
): Projection<C> => {
  const handlers = definition.on as Record<string, Handler<EventType, C> | undefined>;
  const topics = definition.topics ?? [];
  return {
    name: definition.name,
    version: definition.version,
    collections: definition.collections,
    handles: new Set(Object.keys(handlers)),
    apply: async (event, db) => {
      // The one place an event meets its type: it was validated by its schema when written
      // and brought to the current version when read.
      await handlers[event.type]?.(event as RecordedEvent<EventOfType<EventType>>, db);
      for (const topic of topics) db.notify(topic);
    },
  };
};

/** The physical name of a collection in one generation of its projection. */
export const physicalName = (logical: string, generation: number) => `${logical}_g${generation}`;

export const collectionNames = (projection: Projection): string[] =>
  Object.keys(projection.collections);
