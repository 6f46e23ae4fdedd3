import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import type { Doc } from '../read-store';
import { createTableSql } from './sql-names';
import type { Connection, StoredCollection, StoredCollections } from './stored-collection';

/** Query statements kept prepared per connection; past this many, they are prepared anew. */
const STATEMENTS_KEPT = 400;

/** Documents read from the file since the store opened: what a test holds a restart to. */
export type ReadCounter = { documentsRead: number };

const isMissingTable = (error: unknown) =>
  error instanceof Error && /no such table/.test(error.message);

/**
 * One connection's view of the collections' tables: prepared statements, whether a table
 * exists, and documents read and written by id. A collection whose table does not exist (yet,
 * or any more: another process dropped it) reads as empty. What the connection knows of each
 * table is kept on the collection's own object.
 */
export class DocumentTables {
  private readonly statements = new Map<string, Statement>();

  constructor(
    readonly db: SqliteDatabase,
    private readonly counter: ReadCounter,
    private readonly collections: StoredCollections,
    private readonly connection: Connection,
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

  private statementsOf(collection: StoredCollection) {
    const handle = collection.handle(this.connection);
    if (!handle.statements) {
      const { table } = collection;
      handle.statements = {
        byId: this.db.prepare(`SELECT doc FROM ${table} WHERE id = ?`),
        put: this.db.prepare(
          `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
        ),
        remove: this.db.prepare(`DELETE FROM ${table} WHERE id = ?`),
      };
    }
    return handle.statements;
  }

  exists(name: string): boolean {
    const collection = this.collections.get(name);
    const handle = collection.handle(this.connection);
    if (handle.exists) return true;
    const found = this.statement(
      "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?",
    ).get(collection.tableName);
    handle.exists = Boolean(found);
    return handle.exists;
  }

  /** Creates the table (and registers the collection) on its first write. */
  create(name: string): void {
    if (this.exists(name)) return;
    this.db.exec(createTableSql(name));
    this.statement('INSERT OR IGNORE INTO rm_collections (name) VALUES (?)').run(name);
    this.collections.get(name).handle(this.connection).exists = true;
  }

  /** Forgets what this connection knew of a table (dropped here or elsewhere). */
  forget(name: string): void {
    const collection = this.collections.get(name);
    collection.forgetTable(this.connection);
    for (const sql of [...this.statements.keys()]) {
      if (sql.includes(collection.table)) this.statements.delete(sql);
    }
  }

  /**
   * Runs a read against a collection's table; a table that is missing (never written, or
   * dropped by another process meanwhile) answers `empty`.
   */
  read<R>(name: string, empty: R, run: () => R): R {
    if (!this.exists(name)) return empty;
    try {
      return run();
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      this.forget(name);
      return empty;
    }
  }

  parse(json: string): Doc {
    this.counter.documentsRead++;
    return JSON.parse(json) as Doc;
  }

  byId(name: string, id: string): Doc | null {
    return this.read(name, null, () => {
      const row = this.statementsOf(this.collections.get(name)).byId.get(id);
      return row ? this.parse(row.doc) : null;
    });
  }

  put(name: string, doc: Doc): void {
    this.statementsOf(this.collections.get(name)).put.run(doc._id, JSON.stringify(doc));
  }

  remove(name: string, id: string): void {
    this.statementsOf(this.collections.get(name)).remove.run(id);
  }
}
