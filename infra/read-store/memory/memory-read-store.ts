import { randomUUID } from 'node:crypto';
import { Subject } from 'rxjs';
import { applyUpdate, cloneDoc, seedFromFilter } from '../matching';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type FindOptions,
  type IndexSpec,
  type Lease,
  type LeaseStore,
  type ReadCollection,
  type ReadStore,
  type TransactionOptions,
  type UnitOfWork,
  type WriteCollection,
} from '../read-store';
import { MemoryCollection } from './collection';

/** What one unit of work changed: per collection, each document's new state (null: deleted). */
export type ChangeSet = Map<string, Map<string, Doc | null>>;

export type CommitSet = {
  changes: ChangeSet;
  fences: Pick<Lease, 'name' | 'token'>[];
  notices: CommitNotice[];
};

/** Where an embedded store keeps its documents; the memory store has none. */
export type Persistence = {
  /** Every stored document of a collection, read when the collection is first used. */
  load(name: string): Iterable<Doc>;
  /** Writes a unit of work atomically, checking its fences; throws to refuse it. */
  commit(set: CommitSet): void;
  drop(name: string): void;
  list(): string[];
};

export class DuplicateKeyError extends Error {
  constructor(collection: string, id: string) {
    super(`E11000 duplicate key error collection: ${collection} _id: ${id}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Leases for one process (the memory store, and tests): the same rules as the shared ones. */
export const createLocalLeases = (now: () => number = Date.now): LeaseStore => {
  const held = new Map<string, Lease>();
  return {
    acquire: async (name, owner, ttlMs) => {
      const current = held.get(name);
      if (current && current.owner !== owner && current.expiresAt > now()) return null;
      const token =
        current && current.owner === owner && current.expiresAt > now()
          ? current.token
          : (current?.token ?? 0) + 1;
      const lease = { name, owner, token, expiresAt: now() + ttlMs };
      held.set(name, lease);
      return { ...lease };
    },
    renew: async (lease, ttlMs) => {
      const current = held.get(lease.name);
      if (!current || current.token !== lease.token || current.owner !== lease.owner) return null;
      current.expiresAt = now() + ttlMs;
      return { ...current };
    },
    release: async (lease) => {
      const current = held.get(lease.name);
      if (current && current.token === lease.token) current.expiresAt = 0;
    },
    list: async () => [...held.values()].map((l) => ({ ...l })),
  };
};

export type MemoryCore = {
  store: ReadStore;
  /** Applies changes another process committed (already durable) to the loaded collections. */
  applyExternal(changes: Iterable<[string, string, Doc | null]>): void;
  /** Forgets every loaded collection: the next read loads it again from persistence. */
  unloadAll(): void;
  unloadCollection(name: string): void;
  /** Names of the collections loaded in this process. */
  loadedCollections(): string[];
  /** Emits a notice to this process's listeners. */
  emit(notice: CommitNotice): void;
};

type Undo = Map<string, Map<string, Doc | undefined>>;

/**
 * Collections in memory with declared indexes. A unit of work writes straight into them and
 * keeps an undo log: on failure (or a refused commit) every write is taken back. Reads
 * outside a unit of work wait while one that wrote their collection is in flight, so they
 * never see half of it.
 */
export const createMemoryCore = (
  options: {
    engine?: 'memory' | 'embedded';
    persistence?: Persistence;
    leases?: LeaseStore;
  } = {},
): MemoryCore => {
  const persistence = options.persistence ?? null;
  const leases = options.leases ?? createLocalLeases();
  const notices = new Subject<CommitNotice>();
  const collections = new Map<string, MemoryCollection>();
  const declared = new Map<string, IndexSpec[]>();
  let inFlight: { writes: Set<string>; done: Promise<void> } | null = null;

  const state = (name: string): MemoryCollection => {
    let collection = collections.get(name);
    if (!collection) {
      collection = new MemoryCollection(name);
      for (const spec of declared.get(name) ?? []) collection.ensureIndex(spec);
      if (persistence) for (const doc of persistence.load(name)) collection.put(doc, true);
      collections.set(name, collection);
    }
    return collection;
  };

  const settled = async (name: string) => {
    while (inFlight && inFlight.writes.has(name)) await inFlight.done;
  };

  const reader = <T extends Doc>(name: string, wait: boolean): ReadCollection<T> => {
    const ready = async () => {
      if (wait) await settled(name);
      return state(name);
    };
    return {
      findOne: async (filter) => {
        const [doc] = (await ready()).query(filter, { limit: 1 });
        return doc ? (cloneDoc(doc) as T) : null;
      },
      find: async (filter, findOptions?: FindOptions) =>
        (await ready()).query(filter, findOptions).map((d) => cloneDoc(d) as T),
      count: async (filter = {}) => (await ready()).count(filter),
      explain: async (filter, findOptions) => {
        const collection = await ready();
        collection.query(filter, findOptions);
        return { ...collection.lastQuery };
      },
    };
  };

  const writer = <T extends Doc>(name: string, undo: Undo): WriteCollection<T> => {
    const remember = (collection: MemoryCollection, id: string) => {
      let entries = undo.get(name);
      if (!entries) {
        entries = new Map();
        undo.set(name, entries);
      }
      if (!entries.has(id)) entries.set(id, collection.get(id));
    };
    const put = (doc: Doc) => {
      const collection = state(name);
      remember(collection, doc._id);
      collection.put(doc);
    };
    const remove = (id: string) => {
      const collection = state(name);
      remember(collection, id);
      collection.delete(id);
    };
    const updated = (doc: Doc, spec: Record<string, unknown>) => {
      const copy = cloneDoc(doc);
      applyUpdate(copy, spec);
      copy._id = doc._id;
      return copy;
    };
    return {
      ...reader<T>(name, false),
      insertOne: async (doc) => {
        if (state(name).get(doc._id)) throw new DuplicateKeyError(name, doc._id);
        put(cloneDoc(doc));
      },
      upsertOne: async (doc) => put(cloneDoc(doc)),
      updateOne: async (filter, spec, updateOptions) => {
        const [doc] = state(name).query(filter, { limit: 1 });
        if (doc) {
          put(updated(doc, spec));
          return 1;
        }
        if (!updateOptions?.upsert) return 0;
        const seeded = seedFromFilter(filter);
        seeded._id ??= randomUUID();
        applyUpdate(seeded, spec);
        put(seeded);
        return 1;
      },
      updateMany: async (filter, spec) => {
        const docs = state(name).query(filter);
        for (const doc of docs) put(updated(doc, spec));
        return docs.length;
      },
      deleteOne: async (filter) => {
        const [doc] = state(name).query(filter, { limit: 1 });
        if (!doc) return 0;
        remove(doc._id);
        return 1;
      },
      deleteMany: async (filter) => {
        const docs = state(name).query(filter);
        for (const doc of docs) remove(doc._id);
        return docs.length;
      },
    };
  };

  const rollback = (undo: Undo) => {
    for (const [name, entries] of undo) {
      const collection = state(name);
      for (const [id, previous] of entries) {
        if (previous) collection.put(previous, true);
        else collection.delete(id);
      }
    }
  };

  const changesOf = (undo: Undo): ChangeSet => {
    const changes: ChangeSet = new Map();
    for (const [name, entries] of undo) {
      const collection = state(name);
      const docs = new Map<string, Doc | null>();
      for (const id of entries.keys()) docs.set(id, collection.get(id) ?? null);
      changes.set(name, docs);
    }
    return changes;
  };

  const checkFencesLocally = async (fences: Pick<Lease, 'name' | 'token'>[]) => {
    if (fences.length === 0) return;
    const current = await leases.list();
    for (const fence of fences) {
      if (current.find((l) => l.name === fence.name)?.token !== fence.token) {
        throw new LeaseLostError(fence.name);
      }
    }
  };

  // Units of work run one after another.
  let tail: Promise<unknown> = Promise.resolve();
  let deferred: {
    ids: Map<string, Set<string>>;
    fences: Map<string, Pick<Lease, 'name' | 'token'>>;
    notices: CommitNotice[];
  } = { ids: new Map(), fences: new Map(), notices: [] };

  const store: ReadStore = {
    engine: options.engine ?? 'memory',
    collection: <T extends Doc>(name: string) => reader<T>(name, true),
    transaction: <R>(
      work: (tx: UnitOfWork) => Promise<R>,
      options: TransactionOptions = {},
    ): Promise<R> => {
      const run = async (): Promise<R> => {
        const undo: Undo = new Map();
        const fences: Pick<Lease, 'name' | 'token'>[] = [];
        const pending: CommitNotice[] = [];
        let finish!: () => void;
        inFlight = { writes: new Set(), done: new Promise((resolve) => (finish = resolve)) };
        const writes = inFlight.writes;
        try {
          const result = await work({
            collection: <T extends Doc>(name: string) => {
              writes.add(name);
              return writer<T>(name, undo);
            },
            fence: (lease) => fences.push({ name: lease.name, token: lease.token }),
            notify: (notice) => pending.push(notice),
          });
          if (options.deferred && persistence) {
            for (const [name, entries] of undo) {
              const ids = deferred.ids.get(name) ?? new Set<string>();
              for (const id of entries.keys()) ids.add(id);
              deferred.ids.set(name, ids);
            }
            for (const fence of fences) deferred.fences.set(fence.name, fence);
            deferred.notices.push(...pending);
            return result;
          }
          if (persistence)
            persistence.commit({ changes: changesOf(undo), fences, notices: pending });
          else await checkFencesLocally(fences);
          pending.forEach((notice) => notices.next(notice));
          return result;
        } catch (error) {
          rollback(undo);
          throw error;
        } finally {
          inFlight = null;
          finish();
        }
      };
      const next = tail.then(run, run);
      tail = next.catch(() => undefined);
      return next;
    },
    flushDeferred: () => {
      const flush = async () => {
        if (!persistence || deferred.ids.size === 0) return;
        const changes: ChangeSet = new Map();
        for (const [name, ids] of deferred.ids) {
          const collection = state(name);
          changes.set(name, new Map([...ids].map((id) => [id, collection.get(id) ?? null])));
        }
        const set = { changes, fences: [...deferred.fences.values()], notices: deferred.notices };
        const touched = [...deferred.ids.keys()];
        deferred = { ids: new Map(), fences: new Map(), notices: [] };
        try {
          persistence.commit(set);
        } catch (error) {
          // Refused: what was held in memory goes, and the collections read what is durable.
          for (const name of touched) collections.delete(name);
          throw error;
        }
        set.notices.forEach((notice) => notices.next(notice));
      };
      const next = tail.then(flush, flush);
      tail = next.catch(() => undefined);
      return next;
    },
    ensureIndexes: async (name, indexes) => {
      const specs = declared.get(name) ?? [];
      for (const spec of indexes) {
        if (!specs.some((s) => JSON.stringify(s) === JSON.stringify(spec))) specs.push(spec);
      }
      declared.set(name, specs);
      const collection = collections.get(name);
      if (collection) for (const spec of indexes) collection.ensureIndex(spec);
    },
    dropCollection: async (name) => {
      await tail;
      persistence?.drop(name);
      collections.get(name)?.clear();
      collections.delete(name);
    },
    listCollections: async () =>
      persistence ? persistence.list() : [...collections.keys()].filter((n) => state(n).docs.size),
    leases,
    notices: notices.asObservable(),
    close: async () => {
      await tail;
      notices.complete();
    },
  };

  return {
    store,
    applyExternal: (changes) => {
      for (const [name, id, doc] of changes) {
        const collection = collections.get(name);
        if (!collection) continue;
        if (doc) collection.put(doc, true);
        else collection.delete(id);
      }
    },
    unloadAll: () => collections.clear(),
    unloadCollection: (name) => collections.delete(name),
    loadedCollections: () => [...collections.keys()],
    emit: (notice) => notices.next(notice),
  };
};

/** A read store held in memory only: for projection specs and tests. */
export const openMemoryReadStore = (): ReadStore => createMemoryCore().store;
