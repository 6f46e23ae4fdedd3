import { randomUUID } from 'node:crypto';
import { cloneDoc, projectDoc } from '../documents';
import { evaluate, seedOf } from '../query/evaluate';
import { checkIndexedValues } from '../query/indexed-values';
import type { QueryPlan } from '../query/plan';
import { applyUpdate, updateOperations } from '../query/update';
import type { Doc, Filter, FindOptions, UpdateSpec, WriteCollection } from '../read-store';
import { countDocuments, explainFind, findDocuments } from './document-queries';
import type { DocumentCache } from './document-cache';
import type { DocumentTables } from './document-tables';
import type { IndexCatalog } from './index-catalog';

export class DuplicateKeyError extends Error {
  constructor(collection: string, detail: string) {
    super(`E11000 duplicate key error collection: ${collection} ${detail}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A document as the unit of work knows it: null when missing or deleted. */
type Entry = { doc: Doc | null };

/** What the unit holds of one collection. */
type Touched = {
  entries: Map<string, Entry>;
  /** The ids changed since they were last written back. */
  dirty: Set<string>;
  /** Whether the unit wrote any of it back (its version moves at commit). */
  written: boolean;
};

const isConstraint = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT');

/**
 * The documents one unit of work touches, held for the length of the unit: each is read from
 * the file at most once and written back at most once, when the unit commits (a batch of
 * events that updates a document a hundred times writes it once). A query by anything but
 * `_id` first writes back what the unit changed in that collection, so SQL answers it over
 * the unit's own writes; the enclosing SQLite transaction makes all of it atomic.
 */
export class DocumentUnit {
  private readonly touched = new Map<string, Touched>();

  constructor(
    private readonly tables: DocumentTables,
    private readonly indexes: Pick<IndexCatalog, 'planner' | 'paths' | 'beforeQuery'>,
    private readonly cache: DocumentCache,
  ) {}

  /** Before SQL answers a query on a collection: the unit's writes, and the indexes it needs. */
  private readyForQuery(collection: string) {
    this.flush(collection);
    this.indexes.beforeQuery(collection);
  }

  private touch(collection: string): Touched {
    let touched = this.touched.get(collection);
    if (!touched) {
      // First use in this unit: what the cache holds of it must still be what is stored.
      this.cache.validate(collection);
      touched = { entries: new Map(), dirty: new Set(), written: false };
      this.touched.set(collection, touched);
    }
    return touched;
  }

  private entry(collection: string, id: string): Entry {
    const { entries } = this.touch(collection);
    let entry = entries.get(id);
    if (!entry) {
      const cached = this.cache.get(collection, id);
      entry = { doc: cached === undefined ? this.tables.byId(collection, id) : cached };
      entries.set(id, entry);
    }
    return entry;
  }

  private set(collection: string, id: string, doc: Doc | null) {
    if (doc) checkIndexedValues(collection, doc, this.indexes.paths(collection));
    const touched = this.touch(collection);
    touched.entries.set(id, { doc });
    touched.dirty.add(id);
  }

  /** Writes back what changed (in one collection, or all of them). */
  flush(collection?: string): void {
    const names = collection === undefined ? [...this.touched.keys()] : [collection];
    for (const name of names) {
      const touched = this.touched.get(name);
      if (!touched || touched.dirty.size === 0) continue;
      const write = this.writerOf(name, touched);
      for (const id of touched.dirty) write(id);
      touched.dirty.clear();
    }
  }

  /**
   * The unit's last write-back, letting the event loop serve between slices of `sliceMs`: a
   * unit of a projection catching up writes tens of thousands of documents (seconds of CPU),
   * and requests and timers must not wait for all of it. Nothing else uses the unit meanwhile.
   */
  async flushInSlices(sliceMs: number): Promise<void> {
    let slice = performance.now();
    for (const [name, touched] of this.touched) {
      const ids = touched.dirty;
      if (ids.size === 0) continue;
      const write = this.writerOf(name, touched);
      for (const id of ids) {
        write(id);
        if (performance.now() - slice > sliceMs) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
      ids.clear();
    }
  }

  /** Writes one changed document of a collection back (creating its table on first use). */
  private writerOf(name: string, { entries, dirty }: Touched) {
    this.touched.get(name)!.written = true;
    if ([...dirty].some((id) => entries.get(id)!.doc)) this.tables.create(name);
    return (id: string) => {
      const { doc } = entries.get(id)!;
      try {
        if (doc) this.tables.put(name, doc);
        else if (this.tables.exists(name)) this.tables.remove(name, id);
      } catch (error) {
        if (isConstraint(error)) throw new DuplicateKeyError(name, (error as Error).message);
        throw error;
      }
    };
  }

  /**
   * Inside the transaction, after the last flush: the versions of the collections written
   * move, so other processes know to forget what they cached of them.
   */
  markWritten(): void {
    for (const [collection, { written }] of this.touched) {
      if (written) this.cache.written(collection);
    }
  }

  /** After the commit: what the unit read and wrote is what is stored now. */
  committed(): void {
    for (const [collection, { entries }] of this.touched) {
      for (const [id, entry] of entries) this.cache.put(collection, id, entry.doc);
    }
  }

  /** After a rollback: the collections it wrote may be cached as they never were stored. */
  rolledBack(): void {
    for (const [collection, { written }] of this.touched) {
      if (written) this.cache.forget(collection);
    }
  }

  private plan(collection: string, filter: Filter, options: FindOptions = {}): QueryPlan {
    return this.indexes.planner(collection).plan(filter, options);
  }

  /**
   * The stored documents a filter selects (not copies: callers copy what they hand out). A
   * filter naming one `_id` is answered from the document the unit holds.
   */
  private matching(collection: string, filter: Filter, options: FindOptions = {}): Doc[] {
    const plan = this.plan(collection, filter, options);
    const id = filter._id;
    if (typeof id === 'string' && plan.page.skip === 0) {
      const { doc } = this.entry(collection, id);
      if (!doc || !evaluate(plan.where, doc)) return [];
      return [plan.projection ? projectDoc(doc, plan.projection) : doc];
    }
    this.readyForQuery(collection);
    return findDocuments(this.tables, collection, plan).docs;
  }

  collection<T extends Doc>(name: string): WriteCollection<T> {
    const first = (filter: Filter) => this.matching(name, filter, { limit: 1 })[0] ?? null;
    const update = (doc: Doc, spec: UpdateSpec) => {
      const copy = cloneDoc(doc);
      applyUpdate(name, copy, spec);
      copy._id = doc._id;
      this.set(name, copy._id, copy);
    };
    return {
      findOne: async (filter) => {
        const doc = first(filter);
        return doc ? (cloneDoc(doc) as T) : null;
      },
      find: async (filter, options) =>
        this.matching(name, filter, options ?? {}).map((doc) => cloneDoc(doc) as T),
      count: async (filter = {}) => {
        const { where } = this.plan(name, filter);
        this.readyForQuery(name);
        return countDocuments(this.tables, name, where);
      },
      explain: async (filter, options = {}) => {
        const plan = this.plan(name, filter, options);
        this.readyForQuery(name);
        return explainFind(this.tables, name, plan);
      },
      insertOne: async (doc) => {
        if (this.entry(name, doc._id).doc) throw new DuplicateKeyError(name, `_id: ${doc._id}`);
        this.set(name, doc._id, cloneDoc(doc));
      },
      upsertOne: async (doc) => this.set(name, doc._id, cloneDoc(doc)),
      updateOne: async (filter, spec, options) => {
        updateOperations(name, spec);
        const doc = first(filter);
        if (doc) {
          update(doc, spec);
          return 1;
        }
        if (!options?.upsert) return 0;
        const seeded = seedOf(this.plan(name, filter).where) as Doc;
        seeded._id ??= randomUUID();
        applyUpdate(name, seeded, spec);
        this.set(name, seeded._id, seeded);
        return 1;
      },
      updateMany: async (filter, spec) => {
        updateOperations(name, spec);
        const docs = this.matching(name, filter);
        docs.forEach((doc) => update(doc, spec));
        return docs.length;
      },
      deleteOne: async (filter) => {
        const doc = first(filter);
        if (!doc) return 0;
        this.set(name, doc._id, null);
        return 1;
      },
      deleteMany: async (filter) => {
        const docs = this.matching(name, filter);
        docs.forEach((doc) => this.set(name, doc._id, null));
        return docs.length;
      },
    };
  }
}
