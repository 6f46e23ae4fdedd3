import type pg from 'pg';
import { QueryPlanner, UnsupportedQueryError, type QueryPlan } from '../query/plan';
import type { Filter, FindOptions, IndexSpec } from '../read-store';
import {
  createTableSql,
  indexNameOf,
  inDeclaredOrder,
  physicalIndexOf,
  tableOf,
  TABLES_LOCK,
} from './pg-names';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

type Declared = {
  specs: Map<string, IndexSpec>;
  paths: readonly string[][];
  planner: QueryPlanner;
};

/**
 * Everything the store keeps of one collection in this process: its table, its declared
 * indexes (read from `rm_indexes`, so every process knows them) with the planner they make,
 * which of them are waiting to be built, and the version its cached documents were read at.
 */
export class PgCollection {
  readonly table: string;
  private declaredIndexes: Declared | null = null;
  /** Declared `whenQueried`: built before the next query in a unit of work needs them. */
  pending: IndexSpec[] | null = null;
  /** The version in `rm_collections` the cached documents were read at. */
  version: number | undefined = undefined;
  /**
   * Written by every unit (each its own document: see `sharedCollections`): nothing of it is
   * kept between units, so its writes move no version.
   */
  readonly uncached: boolean;
  /** Whether its table exists, once known (a table never goes but by `dropCollection`). */
  exists = false;
  /**
   * Every id in the table while this process made it and has been its only writer since;
   * null once that is not known. A unit asks the server nothing of an id not among them: a
   * build's new generation is mostly asked for documents it does not hold yet.
   */
  stored: StoredIds | null = null;
  /** Units of this process that committed writes to it (units may run beside each other). */
  commits = 0;

  constructor(
    readonly name: string,
    uncached = false,
  ) {
    this.table = tableOf(name);
    this.uncached = uncached;
  }

  private derive(specs: Map<string, IndexSpec>): Declared {
    const fields = new Set([...specs.values()].flatMap((spec) => Object.keys(spec.key)));
    return {
      specs,
      paths: [...fields].map((field) => field.split('.')),
      planner: new QueryPlanner(this.name, (field) => fields.has(field)),
    };
  }

  private async load(db: Queryable): Promise<Declared> {
    const { rows } = await db.query<{ name: string; spec: IndexSpec }>(
      'SELECT name, spec FROM rm_indexes WHERE collection = $1',
      [this.name],
    );
    this.declaredIndexes = this.derive(
      new Map(rows.map((row) => [row.name, inDeclaredOrder(row.name, row.spec)])),
    );
    return this.declaredIndexes;
  }

  async declared(db: Queryable): Promise<Declared> {
    return this.declaredIndexes ?? (await this.load(db));
  }

  /** Adds declarations made here. */
  declare(specs: readonly IndexSpec[]): void {
    const all = new Map(this.declaredIndexes?.specs ?? []);
    for (const spec of specs) all.set(indexNameOf(spec), spec);
    this.declaredIndexes = this.derive(all);
  }

  /** Whether the table exists, asked of the server until it does. */
  async hasTable(db: Queryable): Promise<boolean> {
    if (this.exists) return true;
    const { rows } = await db.query<{ found: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS found',
      [this.table],
    );
    this.exists = rows[0]!.found;
    return this.exists;
  }

  /** Forgets the declarations, so they are read again. */
  undeclare(): void {
    this.declaredIndexes = null;
  }

  /**
   * Plans a query; a field not declared here is looked for in `rm_indexes` once more before
   * the query is refused (another process may have declared it since).
   */
  async plan(db: Queryable, filter: Filter, options?: FindOptions): Promise<QueryPlan> {
    try {
      return (await this.declared(db)).planner.plan(filter, options);
    } catch (error) {
      if (!(error instanceof UnsupportedQueryError)) throw error;
      return (await this.load(db)).planner.plan(filter, options);
    }
  }

  /** The declared index name behind a physical one (as a query plan names it), if it is ours. */
  declaredIndexName(physical: string): string | null {
    for (const name of this.declaredIndexes?.specs.keys() ?? []) {
      if (physicalIndexOf(this.name, name) === physical) return name;
    }
    return null;
  }
}

/** Ids held no further than this many per collection: past it, the server is asked again. */
const STORED_IDS_LIMIT = 1_000_000;

/**
 * A set of ids kept as 31-bit hashes (small integers, a fraction of the strings' memory): an id
 * whose hash is not there is certainly not stored; one whose hash is may be, and is read.
 */
export class StoredIds {
  private readonly hashes = new Set<number>();

  private static hash(id: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < id.length; i++) {
      hash ^= id.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 1;
  }

  mayHold(id: string): boolean {
    return this.hashes.has(StoredIds.hash(id));
  }

  /** Adds an id; false once there are more than the set may hold (it is then dropped). */
  add(id: string): boolean {
    this.hashes.add(StoredIds.hash(id));
    return this.hashes.size <= STORED_IDS_LIMIT;
  }
}

/** The collections this process has met, each one object. */
export class PgCollections {
  private readonly known = new Map<string, PgCollection>();

  constructor(private readonly uncached: ReadonlySet<string> = new Set()) {}

  get(name: string): PgCollection {
    let collection = this.known.get(name);
    if (!collection) {
      collection = new PgCollection(name, this.uncached.has(name));
      this.known.set(name, collection);
    }
    return collection;
  }

  forget(name: string): void {
    this.known.delete(name);
  }

  /** The names of every collection met so far. */
  names(): string[] {
    return [...this.known.keys()];
  }
}

/**
 * Makes a collection's table and registers it, in the caller's transaction; true when the
 * table was not there before. Two processes making the same table at once would collide in
 * PostgreSQL's catalog: each waits for the other's transaction through an advisory lock on the
 * table's name first.
 */
export const createCollectionTable = async (
  db: pg.PoolClient,
  collection: PgCollection,
): Promise<boolean> => {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [TABLES_LOCK, collection.table]);
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS found',
    [collection.table],
  );
  await db.query(createTableSql(collection.name));
  await db.query('INSERT INTO rm_collections (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
    collection.name,
  ]);
  collection.exists = true;
  return !rows[0]!.found;
};

/**
 * After the transaction that made a collection's table committed: it is empty, at version 0
 * (a write by another process since moves the version, and what is known here goes).
 */
export const madeEmpty = (collection: PgCollection) => {
  collection.stored = new StoredIds();
  collection.version = 0;
};
