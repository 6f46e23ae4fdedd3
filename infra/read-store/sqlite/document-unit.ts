import { randomUUID } from 'node:crypto';
import { applyUpdate, cloneDoc, compileFilter, project, seedFromFilter } from '../matching';
import type { Doc, Filter, FindOptions, UpdateSpec, WriteCollection } from '../read-store';
import { countDocuments, explainFind, findDocuments } from './document-queries';
import type { DocumentTables } from './document-tables';

export class DuplicateKeyError extends Error {
  constructor(collection: string, detail: string) {
    super(`E11000 duplicate key error collection: ${collection} ${detail}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A document as the unit of work knows it: null when missing or deleted. */
type Entry = { doc: Doc | null; dirty: boolean };

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
  private readonly entries = new Map<string, Map<string, Entry>>();

  constructor(
    private readonly tables: DocumentTables,
    private readonly indexedFields: (collection: string) => ReadonlySet<string>,
  ) {}

  private entriesOf(collection: string) {
    let entries = this.entries.get(collection);
    if (!entries) {
      entries = new Map();
      this.entries.set(collection, entries);
    }
    return entries;
  }

  private entry(collection: string, id: string): Entry {
    const entries = this.entriesOf(collection);
    let entry = entries.get(id);
    if (!entry) {
      entry = { doc: this.tables.byId(collection, id), dirty: false };
      entries.set(id, entry);
    }
    return entry;
  }

  private set(collection: string, id: string, doc: Doc | null) {
    this.entriesOf(collection).set(id, { doc, dirty: true });
  }

  /** Writes back what changed (in one collection, or all of them). */
  flush(collection?: string): void {
    const names = collection === undefined ? [...this.entries.keys()] : [collection];
    for (const name of names) {
      const entries = this.entries.get(name);
      if (!entries) continue;
      for (const [id, entry] of entries) {
        if (!entry.dirty) continue;
        try {
          if (entry.doc) {
            this.tables.create(name);
            this.tables.put(name, entry.doc);
          } else if (this.tables.exists(name)) this.tables.remove(name, id);
        } catch (error) {
          if (isConstraint(error)) throw new DuplicateKeyError(name, (error as Error).message);
          throw error;
        }
        entry.dirty = false;
      }
    }
  }

  /** The stored documents a filter selects (not copies: callers copy what they hand out). */
  private matching(collection: string, filter: Filter, options: FindOptions = {}): Doc[] {
    const id = filter._id;
    if (typeof id === 'string' && !options.sort && !options.skip) {
      const { doc } = this.entry(collection, id);
      const keys = Object.keys(filter);
      if (!doc || (keys.length > 1 && !compileFilter(filter)(doc))) return [];
      return [options.projection ? project(doc, options.projection) : doc];
    }
    this.flush(collection);
    return findDocuments(this.tables, collection, filter, options, this.indexedFields(collection))
      .docs;
  }

  collection<T extends Doc>(name: string): WriteCollection<T> {
    const first = (filter: Filter) => this.matching(name, filter, { limit: 1 })[0] ?? null;
    const update = (doc: Doc, spec: UpdateSpec) => {
      const copy = cloneDoc(doc);
      applyUpdate(copy, spec);
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
        this.flush(name);
        return countDocuments(this.tables, name, filter, this.indexedFields(name));
      },
      explain: async (filter, options = {}) => {
        this.flush(name);
        return explainFind(this.tables, name, filter, options, this.indexedFields(name));
      },
      insertOne: async (doc) => {
        if (this.entry(name, doc._id).doc) throw new DuplicateKeyError(name, `_id: ${doc._id}`);
        this.set(name, doc._id, cloneDoc(doc));
      },
      upsertOne: async (doc) => this.set(name, doc._id, cloneDoc(doc)),
      updateOne: async (filter, spec, options) => {
        const doc = first(filter);
        if (doc) {
          update(doc, spec);
          return 1;
        }
        if (!options?.upsert) return 0;
        const seeded = seedFromFilter(filter);
        seeded._id ??= randomUUID();
        applyUpdate(seeded, spec);
        this.set(name, seeded._id, seeded);
        return 1;
      },
      updateMany: async (filter, spec) => {
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
