import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import { checkIndexedValues } from '../query/indexed-values';
import type { QueryPlanner } from '../query/plan';
import type { Doc, IndexSpec } from '../read-store';
import type { DocumentTables } from './document-tables';
import { createIndexSql, indexNameOf, invalidIndexedValueSql, physicalIndexOf } from './sql-names';
import type { StoredCollection, StoredCollections } from './stored-collection';

/**
 * Each collection's declared indexes (kept in `rm_indexes`, so every process knows them) and
 * which of them SQLite holds. The declared ones make their fields scalars the query planner
 * may hand to SQL; an index declared `whenQueried` is built when a query first needs it or
 * when it is declared again without, whichever comes first. What is known of a collection is
 * kept on its own object.
 */
export class IndexCatalog {
  private readonly selectDeclared: Statement<[string], { spec: string }>;
  private readonly selectBuilt: Statement<[string], { name: string }>;
  private readonly insertDeclared: Statement<[string, string, string]>;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly tables: DocumentTables,
    private readonly collections: StoredCollections,
  ) {
    this.selectDeclared = db.prepare('SELECT spec FROM rm_indexes WHERE collection = ?');
    this.selectBuilt = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
    );
    this.insertDeclared = db.prepare(
      'INSERT OR REPLACE INTO rm_indexes (collection, name, spec) VALUES (?, ?, ?)',
    );
  }

  private loader(name: string) {
    return () => this.selectDeclared.all(name).map((row) => JSON.parse(row.spec) as IndexSpec);
  }

  private declared(collection: StoredCollection) {
    return collection.declared(this.loader(collection.name));
  }

  private builtOf(collection: StoredCollection): Set<string> {
    collection.built ??= new Set(this.selectBuilt.all(collection.tableName).map((row) => row.name));
    return collection.built;
  }

  /** Plans the collection's queries: its declared fields are the ones conditions may name. */
  planner(name: string): QueryPlanner {
    return this.declared(this.collections.get(name)).planner;
  }

  /** The declared fields' paths, each as its names: what a written document is checked at. */
  paths(name: string): readonly string[][] {
    return this.declared(this.collections.get(name)).paths;
  }

  /** Declares indexes, building them now or (`whenQueried`) when first needed. */
  ensure(name: string, indexes: readonly IndexSpec[], whenQueried: boolean): void {
    const collection = this.collections.get(name);
    const { specs } = this.declared(collection);
    const undeclared = indexes.filter((spec) => !specs.has(indexNameOf(spec)));
    const built = this.builtOf(collection);
    const unbuilt = [...specs.values(), ...undeclared].filter(
      (spec) => !built.has(physicalIndexOf(name, indexNameOf(spec))),
    );
    if (unbuilt.length === 0 && undeclared.length === 0) return;
    if (undeclared.length === 0 && whenQueried) {
      collection.pending = unbuilt;
      return;
    }
    try {
      this.db
        .transaction(() => {
          this.tables.create(name);
          for (const spec of undeclared) {
            this.insertDeclared.run(name, indexNameOf(spec), JSON.stringify(spec));
          }
          collection.declare(undeclared, this.loader(name));
          if (whenQueried) collection.pending = unbuilt;
          else this.build(collection, unbuilt);
        })
        .immediate();
    } catch (error) {
      // Rolled back: what is known of the declarations is read from the file again.
      collection.undeclare();
      collection.built = null;
      throw error;
    }
  }

  /** Builds what a query on the collection is about to need (inside the caller's transaction). */
  beforeQuery(name: string): void {
    const collection = this.collections.get(name);
    if (collection.pending) this.build(collection, collection.pending);
  }

  private build(collection: StoredCollection, specs: readonly IndexSpec[]) {
    collection.pending = null;
    const built = this.builtOf(collection);
    for (const spec of specs) {
      this.checkStored(collection.name, spec);
      this.db.exec(createIndexSql(collection.name, spec));
      built.add(physicalIndexOf(collection.name, indexNameOf(spec)));
    }
  }

  /**
   * Documents written before the index was declared must hold what it needs too (each is
   * checked when written once it is): one that does not stops the build, named.
   */
  private checkStored(name: string, spec: IndexSpec) {
    for (const field of Object.keys(spec.key)) {
      const row = this.db.prepare(invalidIndexedValueSql(name, field)).get() as
        { id: string; doc: string } | undefined;
      if (row) checkIndexedValues(name, JSON.parse(row.doc) as Doc, [field.split('.')]);
    }
  }
}
