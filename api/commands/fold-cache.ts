import type { FoldCache } from '../../domain/shared/command-handler';
import type { EventStore } from '../../infra/event-store/event-store';

/** Streams whose folds one process remembers; past this, the least recently used go. */
const STREAMS_REMEMBERED = 10_000;

type Entry = { revision: bigint; state: unknown };

/** A bounded map from (stream, decider) to the stream's fold as of a revision. */
const boundedFoldCache = (capacity: number): FoldCache => {
  const entries = new Map<string, Entry>();
  const ids = new WeakMap<object, number>();
  let nextId = 0;
  const keyOf = (streamId: string, evolve: object) => {
    let id = ids.get(evolve);
    if (id === undefined) {
      id = nextId++;
      ids.set(evolve, id);
    }
    return `${id}:${streamId}`;
  };
  return {
    get: (streamId, evolve) => {
      const key = keyOf(streamId, evolve);
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set: (streamId, evolve, revision, state) => {
      const key = keyOf(streamId, evolve);
      const known = entries.get(key);
      // A slower command must not put back an older fold than one already remembered.
      if (known && known.revision > revision) return;
      entries.delete(key);
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
      entries.set(key, { revision, state });
    },
  };
};

const caches = new WeakMap<EventStore, FoldCache>();

/** The folds remembered for one event store (one per process, or per test app). */
export const foldCacheOf = (events: EventStore): FoldCache => {
  let cache = caches.get(events);
  if (!cache) {
    cache = boundedFoldCache(STREAMS_REMEMBERED);
    caches.set(events, cache);
  }
  return cache;
};
