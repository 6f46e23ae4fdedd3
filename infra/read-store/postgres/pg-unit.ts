import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { cloneDoc, projectDoc } from '../documents';
import type { DocumentLru } from '../document-lru';
import { evaluate, seedOf } from '../query/evaluate';
import { checkIndexedValues } from '../query/indexed-values';
import type { QueryPlan } from '../query/plan';
import { applyUpdate, updateOperations } from '../query/update';
import type { Doc, Filter, FindOptions, UpdateSpec, WriteCollection } from '../read-store';
import { DuplicateKeyError } from '../sqlite/document-unit';
import {
  createCollectionTable,
  StoredIds,
  type PgCollection,
  type PgCollections,
} from './pg-collections';
import {
  countDocuments,
  documentById,
  documentsById,
  explainFind,
  findDocuments,
  prepared,
} from './pg-documents';
import { createIndexSql } from './pg-names';

/** Documents written back per statement. */
const WRITE_BATCH = 500;

type Entry = { doc: Doc | null };

/** What the unit holds of one collection. */
type Touched = {
  collection: PgCollection;
  entries: Map<string, Entry>;
  /** The ids changed since they were last written back. */
  dirty: Set<string>;
  written: boolean;
  /** Another process wrote the collection while this unit ran: nothing of it is cached. */
  stale: boolean;
  /** The collection's `commits` when this unit first used it. */
  commitsSeen: number;
};

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** The ids a filter of `_id: { $in: [...] }` names (strings only), or null for any other. */
const idsIn = (filter: Filter): readonly string[] | null => {
  const id = filter._id;
  if (typeof id !== 'object' || id === null || Array.isArray(id)) return null;
  const keys = Object.keys(id);
  const list = (id as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(list)) return null;
  return list.every((each): each is string => typeof each === 'string') ? list : null;
};

/**
 * The documents one unit of work touches, on the unit's own connection inside its
 * transaction: each is read at most once and written back at most once, in batches, when the
 * unit commits (or before a query on its collection, so SQL answers over the unit's writes).
 * The same rules as the SQLite store's unit (`sqlite/document-unit.ts`).
 */
export class PgDocumentUnit {
  private readonly touched = new Map<string, Touched>();
  /** The versions read at the unit's first use of a collection, and which names were asked. */
  private versions: { asked: Set<string>; stored: Map<string, number> } | null = null;
  /** Tables made in this unit: they go with it if it rolls back. */
  private readonly created = new Set<PgCollection>();
  /** Of those, the ones that were not there before (empty but for this unit's writes). */
  private readonly made = new Set<PgCollection>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly collections: PgCollections,
    private readonly cache: DocumentLru,
  ) {}

  /**
   * The stored version of a collection, as read when the unit first used any: the versions of
   * every collection this process has met come in one statement (a unit touches several, each
   * a round trip of its own before).
   */
  private async storedVersion(name: string): Promise<number> {
    if (!this.versions || !this.versions.asked.has(name)) {
      const asked = new Set([...this.collections.names(), name]);
      const { rows } = await this.client.query<{ name: string; version: string }>(
        prepared('SELECT name, version FROM rm_collections WHERE name = ANY($1::text[])', [
          [...asked],
        ]),
      );
      this.versions = {
        asked,
        stored: new Map(rows.map((row) => [row.name, Number(row.version)])),
      };
    }
    return this.versions.stored.get(name) ?? 0;
  }

  private async touch(name: string): Promise<Touched> {
    let touched = this.touched.get(name);
    if (!touched) {
      const collection = this.collections.get(name);
      if (collection.uncached) {
        // Nothing of it is kept (never cached; which ids it holds, not known): what the unit
        // reads of it is read in this transaction.
        collection.stored = null;
      } else {
        // First use in this unit: what the cache holds of it must still be what is stored.
        const stored = await this.storedVersion(name);
        if (collection.version !== stored) {
          this.forget(collection);
          collection.version = stored;
        }
      }
      touched = {
        collection,
        entries: new Map(),
        dirty: new Set(),
        written: false,
        stale: false,
        commitsSeen: collection.commits,
      };
      this.touched.set(name, touched);
    }
    return touched;
  }

  /** What this process knew of a collection is no longer known to be what is stored. */
  private forget(collection: PgCollection) {
    this.cache.forget(collection.name);
    collection.stored = null;
  }

  private async entry(name: string, id: string): Promise<Entry> {
    const touched = await this.touch(name);
    let entry = touched.entries.get(id);
    if (!entry) {
      const { collection } = touched;
      const cached = this.cache.get(name, id);
      const known = cached !== undefined || (collection.stored && !collection.stored.mayHold(id));
      const doc = known ? (cached ?? null) : await this.stored(collection, id);
      entry = { doc };
      touched.entries.set(id, entry);
    }
    return entry;
  }

  /**
   * The entries of many ids, those not known yet read in one statement (a unit that looks up
   * several documents by id, such as the checkpoints moved together, made a round trip each).
   */
  private async entriesOf(name: string, ids: readonly string[]): Promise<Entry[]> {
    const touched = await this.touch(name);
    const { collection } = touched;
    const unknown: string[] = [];
    for (const id of new Set(ids)) {
      if (touched.entries.has(id)) continue;
      const cached = this.cache.get(name, id);
      if (cached !== undefined || (collection.stored && !collection.stored.mayHold(id))) {
        touched.entries.set(id, { doc: cached ?? null });
      } else {
        unknown.push(id);
      }
    }
    if (unknown.length > 0) {
      const found = (await collection.hasTable(this.client))
        ? await documentsById(this.client, collection, unknown)
        : [];
      const byId = new Map(found.map((doc) => [doc._id, doc]));
      for (const id of unknown) touched.entries.set(id, { doc: byId.get(id) ?? null });
    }
    return [...new Set(ids)].map((id) => touched.entries.get(id)!);
  }

  /**
   * A document as stored. A statement that fails aborts the whole transaction in PostgreSQL,
   * so a table not made yet is asked about, never read and found missing.
   */
  private async stored(collection: PgCollection, id: string): Promise<Doc | null> {
    if (!(await collection.hasTable(this.client))) return null;
    return documentById(this.client, collection, id);
  }

  private async set(name: string, id: string, doc: Doc | null) {
    const touched = await this.touch(name);
    if (doc) checkIndexedValues(name, doc, (await touched.collection.declared(this.client)).paths);
    touched.entries.set(id, { doc });
    touched.dirty.add(id);
  }

  /** Creates the collection's table and registers it (inside the unit's transaction). */
  private async createTable(collection: PgCollection): Promise<void> {
    if (collection.exists) return;
    if (await createCollectionTable(this.client, collection)) this.made.add(collection);
    this.created.add(collection);
  }

  /**
   * What changed in a collection since it was last written back, taken to be written now: the
   * documents to put (its table made first if need be) and the ids to remove from a table that
   * exists (none where it does not).
   */
  private async takeDirty(touched: Touched): Promise<{ puts: Doc[]; removed: string[] }> {
    touched.written = true;
    const ids = [...touched.dirty];
    touched.dirty.clear();
    const docs = ids.map((id) => touched.entries.get(id)!.doc);
    if (docs.some(Boolean)) await this.createTable(touched.collection);
    const puts = docs.filter((doc): doc is Doc => doc !== null);
    const removed = ids.filter((_, i) => docs[i] === null);
    const hasTable = removed.length > 0 && (await touched.collection.hasTable(this.client));
    return { puts, removed: hasTable ? removed : [] };
  }

  /** Writes back what changed (in one collection, or all of them). */
  async flush(name?: string): Promise<void> {
    const names = name === undefined ? [...this.touched.keys()] : [name];
    for (const each of names) {
      const touched = this.touched.get(each);
      if (!touched || touched.dirty.size === 0) continue;
      const { puts, removed } = await this.takeDirty(touched);
      const { table } = touched.collection;
      for (let i = 0; i < puts.length; i += WRITE_BATCH) {
        await this.writeBatch(each, table, puts.slice(i, i + WRITE_BATCH));
      }
      if (removed.length > 0) {
        await this.client.query(
          prepared(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [removed]),
        );
      }
    }
  }

  /**
   * Ends the unit's work inside its transaction, in one round trip: the documents still to be
   * written back (each collection's last batch and its removals), the versions of the
   * collections written moved (so other processes know to forget what they cached of them;
   * each row stays locked to the commit), and the leases named read under a share
   * lock, their tokens returned for the caller to check its fences against (a change of
   * holder waits for the unit, so a unit never commits after its lease went to another
   * process; a lease held by no one is missing from the map). Each was a round trip of its
   * own (a projection's unit on a busy server: ~4–12 ms of writes, ~1 each for the versions
   * and the leases), while the rows they lock are held to the commit.
   */
  async finish(leases: readonly string[]): Promise<Map<string, number>> {
    const parts: string[] = [];
    const values: unknown[] = [];
    const param = (value: unknown, type: string) => {
      values.push(value);
      return `$${values.length}::${type}`;
    };
    const tables = new Map<string, string>();
    for (const [name, touched] of this.touched) {
      if (touched.dirty.size === 0) continue;
      const { puts, removed } = await this.takeDirty(touched);
      const { table } = touched.collection;
      tables.set(table, name);
      // All but the last batch of a large unit's writes go first, on their own.
      let last = 0;
      for (; puts.length - last > WRITE_BATCH; last += WRITE_BATCH) {
        await this.writeBatch(name, table, puts.slice(last, last + WRITE_BATCH));
      }
      const batch = puts.slice(last);
      if (batch.length > 0) {
        parts.push(
          `w${parts.length} AS (INSERT INTO ${table} (id, doc) SELECT * FROM unnest(` +
            `${param(
              batch.map((doc) => doc._id),
              'text[]',
            )}, ${param(
              batch.map((doc) => JSON.stringify(doc)),
              'jsonb[]',
            )}) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc)`,
        );
      }
      if (removed.length > 0) {
        parts.push(
          `w${parts.length} AS (DELETE FROM ${table} WHERE id = ANY(${param(removed, 'text[]')}))`,
        );
      }
    }
    const written = [...this.touched.keys()].filter((name) => {
      const touched = this.touched.get(name)!;
      return touched.written && !touched.collection.uncached;
    });
    if (parts.length === 0 && written.length === 0 && leases.length === 0) return new Map();
    // In name order: two units of two processes lock the versions (and the leases) they share
    // in one order, never each holding what the other waits for.
    parts.push(
      `moved AS (INSERT INTO rm_collections (name, version)
         SELECT name, 1 FROM unnest(${param(written, 'text[]')}) AS name ORDER BY name COLLATE "C"
         ON CONFLICT (name) DO UPDATE SET version = rm_collections.version + 1
         RETURNING name, version)`,
      `fenced AS (SELECT name, token FROM rm_leases WHERE name = ANY(${param(leases, 'text[]')})
         ORDER BY name COLLATE "C" FOR SHARE)`,
    );
    let rows: { kind: 'version' | 'lease'; name: string; value: string }[];
    try {
      ({ rows } = await this.client.query<{
        kind: 'version' | 'lease';
        name: string;
        value: string;
      }>(
        prepared(
          `WITH ${parts.join(',\n')}
           SELECT 'version' AS kind, name, version::text AS value FROM moved
           UNION ALL SELECT 'lease', name, token::text FROM fenced`,
          values,
        ),
      ));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const table = (error as { table?: string }).table;
        const name = (table && tables.get(table)) ?? [...tables.values()][0] ?? '';
        throw new DuplicateKeyError(name, (error as Error).message);
      }
      throw error;
    }
    this.movedTo(
      written,
      new Map(rows.filter((row) => row.kind === 'version').map((r) => [r.name, Number(r.value)])),
    );
    return new Map(
      rows.filter((row) => row.kind === 'lease').map((row) => [row.name, Number(row.value)]),
    );
  }

  private async writeBatch(name: string, table: string, batch: readonly Doc[]) {
    try {
      await this.client.query(
        prepared(
          `INSERT INTO ${table} (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[]) ` +
            'ON CONFLICT (id) DO UPDATE SET doc = excluded.doc',
          [batch.map((doc) => doc._id), batch.map((doc) => JSON.stringify(doc))],
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(name, (error as Error).message);
      throw error;
    }
  }

  /** Before SQL answers a query on a collection: the unit's writes, and the indexes it needs. */
  private async readyForQuery(collection: PgCollection) {
    await this.flush(collection.name);
    const pending = collection.pending;
    if (!pending || !(await collection.hasTable(this.client))) return;
    collection.pending = null;
    for (const spec of pending) {
      for (const sql of createIndexSql(collection.name, spec)) await this.client.query(sql);
    }
  }

  /** The written collections' versions as moved: one moved by another process too is not kept. */
  private movedTo(written: readonly string[], moved: ReadonlyMap<string, number>) {
    for (const name of written) {
      const touched = this.touched.get(name)!;
      const version = moved.get(name)!;
      if (version !== (touched.collection.version ?? 0) + 1) {
        this.forget(touched.collection);
        touched.stale = true;
      }
      touched.collection.version = version;
    }
  }

  /**
   * After the commit: what the unit read and wrote is what is stored now, unless another unit
   * of this process committed writes to the same collection meanwhile (units asked to run
   * alongside write documents of their own, but may read others'): then what it read may be
   * older than what is stored, and is not kept (what it wrote neither, should it be both's).
   */
  committed(): void {
    for (const collection of this.made) collection.stored = new StoredIds();
    for (const [name, touched] of this.touched) {
      const { collection, entries, stale, written } = touched;
      const besideOthers = collection.commits !== touched.commitsSeen;
      if (written) collection.commits++;
      if (stale || collection.uncached) continue;
      if (besideOthers) {
        if (written) this.cache.forget(name);
      } else {
        for (const [id, entry] of entries) this.cache.put(name, id, entry.doc);
      }
      if (!written || !collection.stored) continue;
      for (const [id, entry] of entries) {
        if (entry.doc && !collection.stored.add(id)) {
          collection.stored = null;
          break;
        }
      }
    }
  }

  /** After a rollback: the collections it touched may be cached as they never were stored. */
  rolledBack(): void {
    for (const [, touched] of this.touched) {
      if (!touched.written) continue;
      this.forget(touched.collection);
      touched.collection.version = undefined;
    }
    for (const collection of this.created) {
      collection.exists = false;
      collection.stored = null;
    }
  }

  private async plan(name: string, filter: Filter, options?: FindOptions): Promise<QueryPlan> {
    return this.collections.get(name).plan(this.client, filter, options);
  }

  /** The stored documents a filter selects (not copies: callers copy what they hand out). */
  private async matching(name: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    const plan = await this.plan(name, filter, options);
    const id = filter._id;
    if (typeof id === 'string' && plan.page.skip === 0) {
      const { doc } = await this.entry(name, id);
      if (!doc || !evaluate(plan.where, doc)) return [];
      return [plan.projection ? projectDoc(doc, plan.projection) : doc];
    }
    const ids = idsIn(filter);
    if (ids && plan.order.length === 0 && plan.page.skip === 0 && plan.page.limit === null) {
      const docs: Doc[] = [];
      for (const { doc } of await this.entriesOf(name, ids)) {
        if (doc && evaluate(plan.where, doc)) {
          docs.push(plan.projection ? projectDoc(doc, plan.projection) : doc);
        }
      }
      return docs;
    }
    const { collection } = await this.touch(name);
    await this.readyForQuery(collection);
    if (!(await collection.hasTable(this.client))) return [];
    return findDocuments(this.client, collection, plan);
  }

  collection<T extends Doc>(name: string): WriteCollection<T> {
    const first = async (filter: Filter) =>
      (await this.matching(name, filter, { limit: 1 }))[0] ?? null;
    const update = async (doc: Doc, spec: UpdateSpec) => {
      const copy = cloneDoc(doc);
      applyUpdate(name, copy, spec);
      copy._id = doc._id;
      await this.set(name, copy._id, copy);
    };
    return {
      findOne: async (filter) => {
        const doc = await first(filter);
        return doc ? (cloneDoc(doc) as T) : null;
      },
      find: async (filter, options) =>
        (await this.matching(name, filter, options ?? {})).map((doc) => cloneDoc(doc) as T),
      count: async (filter = {}) => {
        const { where } = await this.plan(name, filter);
        const { collection } = await this.touch(name);
        await this.readyForQuery(collection);
        if (!(await collection.hasTable(this.client))) return 0;
        return countDocuments(this.client, collection, where);
      },
      explain: async (filter, options = {}) => {
        const plan = await this.plan(name, filter, options);
        const { collection } = await this.touch(name);
        await this.readyForQuery(collection);
        if (!(await collection.hasTable(this.client))) return { index: null, examined: 0 };
        return explainFind(this.client, collection, plan);
      },
      insertOne: async (doc) => {
        if ((await this.entry(name, doc._id)).doc) {
          throw new DuplicateKeyError(name, `_id: ${doc._id}`);
        }
        await this.set(name, doc._id, cloneDoc(doc));
      },
      upsertOne: async (doc) => this.set(name, doc._id, cloneDoc(doc)),
      updateOne: async (filter, spec, options) => {
        updateOperations(name, spec);
        const doc = await first(filter);
        if (doc) {
          await update(doc, spec);
          return 1;
        }
        if (!options?.upsert) return 0;
        const seeded = seedOf((await this.plan(name, filter)).where) as Doc;
        seeded._id ??= randomUUID();
        applyUpdate(name, seeded, spec);
        await this.set(name, seeded._id, seeded);
        return 1;
      },
      updateMany: async (filter, spec) => {
        updateOperations(name, spec);
        const docs = await this.matching(name, filter);
        for (const doc of docs) await update(doc, spec);
        return docs.length;
      },
      deleteOne: async (filter) => {
        const doc = await first(filter);
        if (!doc) return 0;
        await this.set(name, doc._id, null);
        return 1;
      },
      deleteMany: async (filter) => {
        const docs = await this.matching(name, filter);
        for (const doc of docs) await this.set(name, doc._id, null);
        return docs.length;
      },
    };
  }
}
