import type { AnyEvent } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import { afterAll, afterEach } from 'vitest';
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
import { openTestReadStore } from './engines';

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

// Each specification's store is closed (on PostgreSQL, its database dropped) after its test;
// a test that makes many keeps the newest few open (what it reads is the last one's).
const KEPT_OPEN = 4;
const opened: (() => Promise<void>)[] = [];
const closeAll = () => Promise.all(opened.splice(0).map((close) => close()));
afterEach(closeAll);
afterAll(closeAll);

/**
 * The indexes a projection declares, as the engine creates them: its queries may need them.
 * In memory, or on PostgreSQL when the suites run with `BOON_TEST_ENGINE=postgres`.
 */
const withIndexes = async (projections: readonly Projection[]) => {
  if (opened.length >= KEPT_OPEN) await opened.shift()!();
  const { store, close } = await openTestReadStore();
  opened.push(close);
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
 * read-model documents. No runner: the projection's handlers over a store of its own.
 */
export const projectionSpec = <C extends CollectionSpecs>(projection: Projection<C>) => ({
  given: async (events: AnyEvent[]) => {
    const store = await withIndexes([projection]);
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
    const store = await withIndexes(reactor.reads);
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
