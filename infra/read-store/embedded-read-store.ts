import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../sqlite';
import { applyUpdate, cloneDoc, compileFilter, idOf, seedFromFilter, shape } from './matching';
import type {
  Doc,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  UnitOfWork,
  UpdateSpec,
  WriteCollection,
} from './read-store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS read_collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_documents (
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (collection, id)
) WITHOUT ROWID;
`;

type Documents = Map<string, Doc>;
/** Changes of one unit of work: a document, or null for a deletion. */
type Overlay = Map<string, Map<string, Doc | null>>;

class DuplicateKeyError extends Error {
  constructor(collection: string, id: string) {
    super(`E11000 duplicate key error collection: ${collection} _id: ${id}`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * The embedded read store: every collection lives in memory (queried with mingo's
 * MongoDB semantics) and is persisted to SQLite. A unit of work collects its changes
 * in an overlay that readers outside it do not see, then writes them in one
 * SQLite transaction and publishes them together.
 */
export const openEmbeddedReadStore = (db: SqliteDatabase): ReadStore => {
  db.exec(SCHEMA);
  const loadDocuments = db.prepare<[string], { doc: string }>(
    'SELECT doc FROM read_documents WHERE collection = ?',
  );
  const saveDocument = db.prepare(
    `INSERT INTO read_documents (collection, id, doc) VALUES (?, ?, ?)
     ON CONFLICT(collection, id) DO UPDATE SET doc = excluded.doc`,
  );
  const removeDocument = db.prepare('DELETE FROM read_documents WHERE collection = ? AND id = ?');
  const registerCollection = db.prepare('INSERT OR IGNORE INTO read_collections (name) VALUES (?)');
  const dropDocuments = db.prepare('DELETE FROM read_documents WHERE collection = ?');
  const unregisterCollection = db.prepare('DELETE FROM read_collections WHERE name = ?');
  const selectCollections = db.prepare<[], { name: string }>('SELECT name FROM read_collections');

  const loaded = new Map<string, Documents>();
  const documentsOf = (name: string): Documents => {
    let docs = loaded.get(name);
    if (!docs) {
      docs = new Map();
      for (const row of loadDocuments.all(name)) {
        const doc = JSON.parse(row.doc) as Doc;
        docs.set(doc._id, doc);
      }
      loaded.set(name, docs);
    }
    return docs;
  };

  const commitOverlay = db.transaction((overlay: Overlay) => {
    for (const [name, changes] of overlay) {
      registerCollection.run(name);
      for (const [id, doc] of changes) {
        if (doc === null) removeDocument.run(name, id);
        else saveDocument.run(name, id, JSON.stringify(doc));
      }
    }
  });

  const publishOverlay = (overlay: Overlay) => {
    for (const [name, changes] of overlay) {
      const docs = documentsOf(name);
      for (const [id, doc] of changes) {
        if (doc === null) docs.delete(id);
        else docs.set(id, doc);
      }
    }
  };

  /** Documents as a reader sees them: the committed ones with `changes` laid over them. */
  function* visible(name: string, changes?: Map<string, Doc | null>): Iterable<Doc> {
    const docs = documentsOf(name);
    if (!changes || changes.size === 0) {
      yield* docs.values();
      return;
    }
    for (const [id, doc] of docs) if (!changes.has(id)) yield doc;
    for (const doc of changes.values()) if (doc !== null) yield doc;
  }

  const lookup = (name: string, id: string, changes?: Map<string, Doc | null>) => {
    if (changes?.has(id)) return changes.get(id) ?? null;
    return documentsOf(name).get(id) ?? null;
  };

  const matching = (name: string, filter: Filter, changes?: Map<string, Doc | null>): Doc[] => {
    const id = idOf(filter);
    if (id !== null) {
      const doc = lookup(name, id, changes);
      return doc && compileFilter(filter)(doc) ? [doc] : [];
    }
    const test = compileFilter(filter);
    const found: Doc[] = [];
    for (const doc of visible(name, changes)) if (test(doc)) found.push(doc);
    return found;
  };

  const reader = <T extends Doc>(
    name: string,
    changesOf: () => Map<string, Doc | null> | undefined,
  ): ReadCollection<T> => ({
    findOne: async (filter) => {
      const [doc] = matching(name, filter, changesOf());
      return doc ? (cloneDoc(doc) as T) : null;
    },
    find: async (filter, options?: FindOptions) =>
      shape(matching(name, filter, changesOf()), options).map((d) => cloneDoc(d) as T),
    count: async (filter = {}) => matching(name, filter, changesOf()).length,
  });

  const writer = <T extends Doc>(name: string, overlay: Overlay): WriteCollection<T> => {
    const changes = () => {
      let c = overlay.get(name);
      if (!c) {
        c = new Map();
        overlay.set(name, c);
      }
      return c;
    };
    const updateMatching = (docs: Doc[], spec: UpdateSpec) => {
      for (const doc of docs) {
        const copy = cloneDoc(doc);
        applyUpdate(copy, spec);
        copy._id = doc._id;
        changes().set(doc._id, copy);
      }
      return docs.length;
    };
    return {
      ...reader<T>(name, () => overlay.get(name)),
      insertOne: async (doc) => {
        if (lookup(name, doc._id, overlay.get(name))) throw new DuplicateKeyError(name, doc._id);
        changes().set(doc._id, cloneDoc(doc));
      },
      upsertOne: async (doc) => {
        changes().set(doc._id, cloneDoc(doc));
      },
      updateOne: async (filter, spec, options) => {
        const [doc] = matching(name, filter, overlay.get(name));
        if (doc) return updateMatching([doc], spec);
        if (!options?.upsert) return 0;
        const seeded = seedFromFilter(filter);
        seeded._id ??= randomUUID();
        applyUpdate(seeded, spec);
        changes().set(seeded._id, seeded);
        return 1;
      },
      updateMany: async (filter, spec) =>
        updateMatching(matching(name, filter, overlay.get(name)), spec),
      deleteOne: async (filter) => {
        const [doc] = matching(name, filter, overlay.get(name));
        if (!doc) return 0;
        changes().set(doc._id, null);
        return 1;
      },
      deleteMany: async (filter) => {
        const docs = matching(name, filter, overlay.get(name));
        for (const doc of docs) changes().set(doc._id, null);
        return docs.length;
      },
    };
  };

  // Units of work run one after another so their overlays never interleave.
  let tail: Promise<unknown> = Promise.resolve();

  return {
    engine: 'embedded',
    collection: <T extends Doc>(name: string) => reader<T>(name, () => undefined),
    transaction: <R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R> => {
      const run = async () => {
        const overlay: Overlay = new Map();
        const result = await work({
          collection: <T extends Doc>(name: string) => writer<T>(name, overlay),
        });
        commitOverlay(overlay);
        publishOverlay(overlay);
        return result;
      };
      const next = tail.then(run, run);
      tail = next.catch(() => undefined);
      return next;
    },
    dropCollection: async (name) => {
      db.transaction(() => {
        dropDocuments.run(name);
        unregisterCollection.run(name);
      })();
      loaded.delete(name);
    },
    listCollections: async () => selectCollections.all().map((row) => row.name),
    close: async () => {
      await tail;
    },
  };
};
