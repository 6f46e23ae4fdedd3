import type { Statement } from 'better-sqlite3';
import { QueryPlanner } from '../query/plan';
import type { IndexSpec } from '../read-store';
import { indexNameOf, tableNameOf, tableOf } from './sql-names';

/** The statements every write and lookup by id uses, prepared once per table and connection. */
export type TableStatements = {
  byId: Statement<[string], { doc: string }>;
  put: Statement<[string, string]>;
  remove: Statement<[string]>;
};

/** What one connection knows of a collection's table. */
export type TableHandle = { exists: boolean; statements: TableStatements | null };

/** Which connection a handle belongs to: the writing one, or the one reads go through. */
export type Connection = 'writer' | 'reader';

/** What the declared indexes make of the collection's fields, worked out once per declaration. */
type Declared = {
  specs: Map<string, IndexSpec>;
  fields: ReadonlySet<string>;
  /** Each declared field's path as its names: where a written document is checked. */
  paths: readonly string[][];
  planner: QueryPlanner;
};

/**
 * Everything the store keeps of one collection in this process: its table's names, what each
 * connection has prepared for it, its declared indexes (and which are built or waiting to
 * be), and the version its cached documents were read at. Forgetting the collection (dropped
 * here or by another process) is dropping this object.
 */
export class StoredCollection {
  /** The table as SQLite names it, and as SQL quotes it. */
  readonly tableName: string;
  readonly table: string;
  private declaredIndexes: Declared | null = null;
  /** Physical names of the indexes SQLite holds, once looked up. */
  built: Set<string> | null = null;
  /** Declared `whenQueried`: built before the next query needs them. */
  pending: IndexSpec[] | null = null;
  /** The version in `rm_versions` the cached documents of this collection were read at. */
  version: number | undefined = undefined;
  private readonly handles: Record<Connection, TableHandle> = {
    writer: { exists: false, statements: null },
    reader: { exists: false, statements: null },
  };

  constructor(readonly name: string) {
    this.tableName = tableNameOf(name);
    this.table = tableOf(name);
  }

  handle(connection: Connection): TableHandle {
    return this.handles[connection];
  }

  /** What one connection knew of the table goes (dropped, or found missing). */
  forgetTable(connection: Connection): void {
    this.handles[connection] = { exists: false, statements: null };
  }

  /** The declared indexes, read with `load` the first time (or again after `undeclare`). */
  declared(load: () => IndexSpec[]): Declared {
    if (!this.declaredIndexes) {
      const specs = new Map<string, IndexSpec>();
      for (const spec of load()) specs.set(indexNameOf(spec), spec);
      this.declaredIndexes = this.derive(specs, load);
    }
    return this.declaredIndexes;
  }

  /** Adds declarations made here, and works out the fields anew. */
  declare(specs: readonly IndexSpec[], load: () => IndexSpec[]): void {
    const all = new Map(this.declared(load).specs);
    for (const spec of specs) all.set(indexNameOf(spec), spec);
    this.declaredIndexes = this.derive(all, load);
  }

  /** Forgets the declarations, so they are read again (another process may have declared more). */
  undeclare(): void {
    this.declaredIndexes = null;
  }

  private derive(specs: Map<string, IndexSpec>, load: () => IndexSpec[]): Declared {
    const fields = new Set([...specs.values()].flatMap((spec) => Object.keys(spec.key)));
    return {
      specs,
      fields,
      paths: [...fields].map((field) => field.split('.')),
      // A field not declared here may have been declared by another process since.
      planner: new QueryPlanner(this.name, (field) => {
        if (this.declared(load).fields.has(field)) return true;
        this.undeclare();
        return this.declared(load).fields.has(field);
      }),
    };
  }
}

/** The collections this process has met, each one object. */
export class StoredCollections {
  private readonly known = new Map<string, StoredCollection>();

  get(name: string): StoredCollection {
    let collection = this.known.get(name);
    if (!collection) {
      collection = new StoredCollection(name);
      this.known.set(name, collection);
    }
    return collection;
  }

  forget(name: string): void {
    this.known.delete(name);
  }
}
