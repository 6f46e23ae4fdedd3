import type { AnyEvent } from '../../domain/event-catalog';
import type { RecordedEvent } from '../../domain/shared/events';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import {
  collectionNames,
  type CollectionSpecs,
  type Projection,
  type ProjectionDb,
  type ProjectionView,
  type Reaction,
} from '../../projections/engine/define';

/**
 * A projection specification: given events (as the command side writes them), expect
 * read-model documents. No runner, no SQLite: the projection's handlers over a memory store.
 */
export const projectionSpec = <C extends CollectionSpecs>(projection: Projection<C>) => ({
  given: async (events: AnyEvent[]) => {
    const store = openMemoryReadStore();
    const topics: string[] = [];
    const dispatched: Reaction[] = [];
    let position = 0n;
    for (const event of events) {
      position += 1n;
      const recorded: RecordedEvent = {
        ...event,
        id: `event-${position}`,
        streamId: 'spec',
        revision: position - 1n,
        position,
        metadata: { v: 1 },
        createdAt: new Date(0),
      };
      if (!projection.handles.has(event.type)) continue;
      await store.transaction(async (tx) => {
        const db: Record<string, unknown> = {
          notify: (topic: string) => topics.push(topic),
          dispatch: (reaction: Reaction) => dispatched.push(reaction),
          reacting: true,
        };
        for (const name of collectionNames(projection)) db[name] = tx.collection(name);
        await projection.apply(recorded, db as ProjectionDb<C>);
      });
    }
    const view: Record<string, unknown> = {};
    for (const name of collectionNames(projection)) view[name] = store.collection(name);
    return { read: view as ProjectionView<C>, topics, dispatched, reactions: dispatched };
  },
});
