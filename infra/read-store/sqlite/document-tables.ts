import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import type { Doc } from '../read-store';
import { createTableSql, tableNameOf, tableOf } from './sql-names';

/** Query statements kept prepared per connection; past this many, they are prepared anew. */
const STATEMENTS_KEPT = 400;

/** Documents read from the file since the store opened: what a test holds a restart to. */
export type ReadCounter = { documentsRead: number };

const isMissingTable = (error: unknown) =>
  error instanceof Error && /no such table/.test(error.message);

/**
 * One connection's view of the collections' tables: prepared statements, whether a table
 * exists, and documents read and written by id. A collection whose table does not exist (yet,
 * or any more: another process dropped it) reads as empty.
 */
/** The statements every write and lookup by id uses, prepared once per table. */
type TableStatements = {
  byId: Statement<[string], { doc: string }>;
  put: Statement<[string, string]>;
  remove: Statement<[string]>;
};

export class DocumentTables {
  private readonly statements = new Map<string, Statement>();
  private readonly known = new Set<string>();
  private readonly perTable = new Map<string, TableStatements>();

  constructor(
    readonly db: SqliteDatabase,
    private readonly counter: ReadCounter,
  ) {}

  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Queries come in a few shapes per collection: a full cache means shapes pile up
      // (collections of old generations), and starting afresh costs a few prepares.
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private statementsOf(collection: string): TableStatements {
    let prepared = this.perTable.get(collection);
    if (!prepared) {
      const table = tableOf(collection);
      prepared = {
        byId: this.db.prepare(`SELECT doc FROM ${table} WHERE id = ?`),
        put: this.db.prepare(
          `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
        ),
        remove: this.db.prepare(`DELETE FROM ${table} WHERE id = ?`),
      };
      this.perTable.set(collection, prepared);
    }
    return prepared;
  }

  exists(collection: string): boolean {
    if (this.known.has(collection)) return true;
    const found = this.statement(
      "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?",
    ).get(tableNameOf(collection));
    if (found) this.known.add(collection);
    return Boolean(found);
  }

  /** Creates the table (and registers the collection) on its first write. */
  create(collection: string): void {
    if (this.exists(collection)) return;
    this.db.exec(createTableSql(collection));
    this.statement('INSERT OR IGNORE INTO rm_collections (name) VALUES (?)').run(collection);
    this.known.add(collection);
  }

  /** Forgets what this connection knew of a table (dropped here or elsewhere). */
  forget(collection: string): void {
    this.known.delete(collection);
    this.perTable.delete(collection);
    const table = tableOf(collection);
    for (const sql of [...this.statements.keys()]) {
      if (sql.includes(table)) this.statements.delete(sql);
    }
  }

  /**
   * Runs a read against a collection's table; a table that is missing (never written, or
   * dropped by another process meanwhile) answers `empty`.
   */
  read<R>(collection: string, empty: R, run: () => R): R {
    if (!this.exists(collection)) return empty;
    try {
      return run();
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      this.forget(collection);
      return empty;
    }
  }

  parse(json: string): Doc {
    this.counter.documentsRead++;
    return JSON.parse(json) as Doc;
  }

  byId(collection: string, id: string): Doc | null {
    return this.read(collection, null, () => {
      const row = this.statementsOf(collection).byId.get(id);
      return row ? this.parse(row.doc) : null;
    });
  }

  put(collection: string, doc: Doc): void {
    this.statementsOf(collection).put.run(doc._id, JSON.stringify(doc));
  }

  remove(collection: string, id: string): void {
    this.statementsOf(collection).remove.run(id);
  }
}
