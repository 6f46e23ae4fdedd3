import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import type { Doc, IndexSpec } from '../read-store';
import type { DocumentTables } from './document-tables';
import { QueryPlanner } from '../query/plan';
import { checkIndexedValues } from '../query/indexed-values';
import {
  createIndexSql,
  indexNameOf,
  invalidIndexedValueSql,
  physicalIndexOf,
  tableNameOf,
} from './sql-names';

/**
 * Each collection's declared indexes (kept in `rm_indexes`, so every process knows them) and
 * which of them SQLite holds. The declared ones make their fields scalars the query planner
 * may hand to SQL; an index declared `whenQueried` is built when a query first needs it or
 * when it is declared again without, whichever comes first.
 */
export class IndexCatalog {
  private readonly declared = new Map<string, Map<string, IndexSpec>>();
  private readonly built = new Map<string, Set<string>>();
  private readonly pending = new Map<string, IndexSpec[]>();
  private readonly fieldSets = new Map<string, ReadonlySet<string>>();
  private readonly planners = new Map<string, QueryPlanner>();
  private readonly pathLists = new Map<string, readonly string[][]>();
  private readonly selectDeclared: Statement<[string], { spec: string }>;
  private readonly selectBuilt: Statement<[string], { name: string }>;
  private readonly insertDeclared: Statement<[string, string, string]>;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly tables: DocumentTables,
  ) {
    this.selectDeclared = db.prepare('SELECT spec FROM rm_indexes WHERE collection = ?');
    this.selectBuilt = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
    );
    this.insertDeclared = db.prepare(
      'INSERT OR REPLACE INTO rm_indexes (collection, name, spec) VALUES (?, ?, ?)',
    );
  }

  private specsOf(collection: string): Map<string, IndexSpec> {
    let specs = this.declared.get(collection);
    if (!specs) {
      specs = new Map();
      for (const row of this.selectDeclared.all(collection)) {
        const spec = JSON.parse(row.spec) as IndexSpec;
        specs.set(indexNameOf(spec), spec);
      }
      this.declared.set(collection, specs);
    }
    return specs;
  }

  private builtOf(collection: string): Set<string> {
    let built = this.built.get(collection);
    if (!built) {
      built = new Set(this.selectBuilt.all(tableNameOf(collection)).map((row) => row.name));
      this.built.set(collection, built);
    }
    return built;
  }

  private isBuilt(collection: string, spec: IndexSpec) {
    return this.builtOf(collection).has(physicalIndexOf(collection, indexNameOf(spec)));
  }

  /** The fields of the collection's declared indexes. */
  fields(collection: string): ReadonlySet<string> {
    let fields = this.fieldSets.get(collection);
    if (!fields) {
      fields = new Set(
        [...this.specsOf(collection).values()].flatMap((spec) => Object.keys(spec.key)),
      );
      this.fieldSets.set(collection, fields);
    }
    return fields;
  }

  /**
   * Whether a field is in one of the collection's declared indexes, looking at `rm_indexes`
   * again for a field not known here: another process may have declared it since.
   */
  private isDeclared(collection: string, field: string): boolean {
    if (this.fields(collection).has(field)) return true;
    this.forgetDeclared(collection);
    return this.fields(collection).has(field);
  }

  private forgetDeclared(collection: string) {
    this.declared.delete(collection);
    this.fieldSets.delete(collection);
    this.pathLists.delete(collection);
  }

  /** Plans the collection's queries: its declared fields are the ones conditions may name. */
  planner(collection: string): QueryPlanner {
    let planner = this.planners.get(collection);
    if (!planner) {
      planner = new QueryPlanner(collection, (field) => this.isDeclared(collection, field));
      this.planners.set(collection, planner);
    }
    return planner;
  }

  /** The declared fields' paths, each as its names: what a written document is checked at. */
  paths(collection: string): readonly string[][] {
    let paths = this.pathLists.get(collection);
    if (!paths) {
      paths = [...this.fields(collection)].map((field) => field.split('.'));
      this.pathLists.set(collection, paths);
    }
    return paths;
  }

  /** Declares indexes, building them now or (`whenQueried`) when first needed. */
  ensure(collection: string, indexes: readonly IndexSpec[], whenQueried: boolean): void {
    const specs = this.specsOf(collection);
    const undeclared = indexes.filter((spec) => !specs.has(indexNameOf(spec)));
    const unbuilt = [...specs.values(), ...undeclared].filter(
      (spec) => !this.isBuilt(collection, spec),
    );
    if (unbuilt.length === 0 && undeclared.length === 0) return;
    if (undeclared.length === 0 && whenQueried) {
      this.pending.set(collection, unbuilt);
      return;
    }
    this.db
      .transaction(() => {
        this.tables.create(collection);
        for (const spec of undeclared) {
          this.insertDeclared.run(collection, indexNameOf(spec), JSON.stringify(spec));
          specs.set(indexNameOf(spec), spec);
        }
        this.fieldSets.delete(collection);
        this.planners.delete(collection);
        this.pathLists.delete(collection);
        if (whenQueried) this.pending.set(collection, unbuilt);
        else this.build(collection, unbuilt);
      })
      .immediate();
  }

  /** Builds what a query on the collection is about to need (inside the caller's transaction). */
  beforeQuery(collection: string): void {
    const pending = this.pending.get(collection);
    if (pending) this.build(collection, pending);
  }

  private build(collection: string, specs: readonly IndexSpec[]) {
    this.pending.delete(collection);
    const built = this.builtOf(collection);
    for (const spec of specs) {
      this.checkStored(collection, spec);
      this.db.exec(createIndexSql(collection, spec));
      built.add(physicalIndexOf(collection, indexNameOf(spec)));
    }
  }

  /**
   * Documents written before the index was declared must hold what it needs too (each is
   * checked when written once it is): one that does not stops the build, named.
   */
  private checkStored(collection: string, spec: IndexSpec) {
    for (const field of Object.keys(spec.key)) {
      const row = this.db.prepare(invalidIndexedValueSql(collection, field)).get() as
        { id: string; doc: string } | undefined;
      if (row) checkIndexedValues(collection, JSON.parse(row.doc) as Doc, [field.split('.')]);
    }
  }

  forget(collection: string): void {
    this.declared.delete(collection);
    this.fieldSets.delete(collection);
    this.planners.delete(collection);
    this.pathLists.delete(collection);
    this.built.delete(collection);
    this.pending.delete(collection);
  }
}
