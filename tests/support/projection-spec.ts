import type { AnyEvent } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import {
  collectionNames,
  type CollectionSpecs,
  type Projection,
  type ProjectionDb,
  type ProjectionView,
  type Reaction,
} from '../../projections/engine/define';
import type { Reactor } from '../../projections/engine/reactor';

const recorded = (event: AnyEvent, position: bigint): RecordedEvent => ({
  ...event,
  id: `event-${position}`,
  streamId: 'spec',
  revision: position - 1n,
  position,
  metadata: { v: 1 },
  createdAt: new Date(0),
});

const applyTo = async (
  store: ReadStore,
  projection: Projection,
  event: RecordedEvent,
  topics: string[],
) => {
  if (!projection.handles.has(event.type)) return;
  await store.transaction(async (tx) => {
    const db: Record<string, unknown> = { notify: (topic: string) => topics.push(topic) };
    for (const name of collectionNames(projection)) db[name] = tx.collection(name);
    await projection.apply(event, db as ProjectionDb<CollectionSpecs>);
  });
};

/** The indexes a projection declares, as the engine creates them: its queries may need them. */
const withIndexes = async (store: ReadStore, projections: readonly Projection[]) => {
  for (const projection of projections) {
    for (const [name, spec] of Object.entries(projection.collections)) {
      await store.ensureIndexes(name, spec.indexes);
    }
  }
  return store;
};

const viewOf = <C extends CollectionSpecs>(store: ReadStore, projection: Projection<C>) => {
  const view: Record<string, unknown> = {};
  for (const name of collectionNames(projection)) view[name] = store.collection(name);
  return view as ProjectionView<C>;
};

/**
 * A projection specification: given events (as the command side writes them), expect
 * read-model documents. No runner: the projection's handlers over an in-memory store.
 */
export const projectionSpec = <C extends CollectionSpecs>(projection: Projection<C>) => ({
  given: async (events: AnyEvent[]) => {
    const store = await withIndexes(openMemoryReadStore(), [projection]);
    const topics: string[] = [];
    let position = 0n;
    for (const event of events)
      await applyTo(store, projection, recorded(event, ++position), topics);
    return { read: viewOf(store, projection), topics };
  },
});

/**
 * A reactor specification: given events, expect the commands it asks for. Each event is
 * applied to the projections the reactor reads before the reactor sees it, as its processor
 * waits for them; what it asked for before stays known to it, as within one batch.
 */
export const reactorSpec = (reactor: Reactor) => ({
  given: async (events: AnyEvent[]) => {
    const store = await withIndexes(openMemoryReadStore(), reactor.reads);
    const dispatched: Reaction[] = [];
    let position = 0n;
    for (const event of events) {
      const next = recorded(event, ++position);
      for (const projection of reactor.reads) await applyTo(store, projection, next, []);
      if (!reactor.handles.has(next.type)) continue;
      await reactor.react(next, {
        read: (projection) => viewOf(store, projection),
        dispatch: (reaction) => dispatched.push(reaction),
        dispatched,
      });
    }
    return { dispatched };
  },
});
