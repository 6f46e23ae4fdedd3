import type { Statement } from 'better-sqlite3';
import { compileFilter, project, sortDocs } from '../matching';
import type { Doc, Filter, FindOptions, QueryPlan } from '../read-store';
import type { DocumentTables } from './document-tables';
import { declaredIndexName, tableOf } from './sql-names';
import { planQuery, type SqlPlan } from './sql-plan';

type Row = { doc: string };

const selectSql = (collection: string, plan: SqlPlan, limit: string) =>
  `SELECT doc FROM ${tableOf(collection)} ${plan.where} ${plan.orderBy} ${limit}`.trimEnd();

/** SQL's LIMIT/OFFSET, when SQL alone decides which rows make the page. */
const pageOf = (plan: SqlPlan, options: FindOptions): { sql: string; params: number[] } => {
  const limit = options.limit && options.limit > 0 ? options.limit : -1;
  const skip = options.skip ?? 0;
  if (!plan.exact || !plan.ordered || (limit === -1 && skip === 0)) return { sql: '', params: [] };
  // The limit is written into the statement: bound as a parameter, it made SQLite's indexed
  // walk several times slower (measured: 26 µs against 6 µs for a first match in a unit).
  const limitSql = `LIMIT ${Number.isSafeInteger(limit) ? limit : -1}`;
  return skip > 0 ? { sql: `${limitSql} OFFSET ?`, params: [skip] } : { sql: limitSql, params: [] };
};

/**
 * The rows of a query: all at once when its LIMIT bounds them (a row at a time costs twice as
 * much through the driver: 7 µs against 3.5 for a first match), else one at a time, so a query
 * SQL cannot bound never holds more than its answer.
 */
const rowsOf = (statement: Statement, params: unknown[], bound: number | null): Iterable<Row> => {
  if (bound === 1) {
    const row = statement.get(...params) as Row | undefined;
    return row ? [row] : [];
  }
  if (bound !== null && bound !== Infinity) return statement.all(...params) as Row[];
  return statement.iterate(...params) as IterableIterator<Row>;
};

export type Found = { docs: Doc[]; examined: number; sql: string; params: unknown[] };

/**
 * The documents a query matches, in order, paged and projected. SQL selects and orders what
 * it can; the rows it returns are read one at a time, tested against the whole filter when
 * SQL's selection is wider than the filter, and only the matching ones are kept, so a query
 * holds its answer in memory, never the collection.
 */
export const findDocuments = (
  tables: DocumentTables,
  collection: string,
  filter: Filter,
  options: FindOptions,
  indexed: ReadonlySet<string>,
): Found => {
  const plan = planQuery(filter, options, indexed);
  const page = pageOf(plan, options);
  const sql = selectSql(collection, plan, page.sql);
  const params = [...plan.params, ...page.params];
  const empty: Found = { docs: [], examined: 0, sql, params };
  return tables.read(collection, empty, () => {
    const test = plan.exact ? null : compileFilter(filter);
    const skip = page.sql ? 0 : (options.skip ?? 0);
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    // In order, the first skip + limit matches are the page; out of order, every match is
    // needed before sorting.
    const wanted = plan.ordered ? skip + limit : Infinity;
    let docs: Doc[] = [];
    let examined = 0;
    for (const row of rowsOf(tables.statement(sql), params, page.sql ? limit : null)) {
      const doc = tables.parse(row.doc);
      examined++;
      if (test && !test(doc)) continue;
      docs.push(doc);
      if (docs.length >= wanted) break;
    }
    if (!plan.ordered) docs = sortDocs(docs, options.sort!);
    if (skip > 0 || limit !== Infinity) docs = docs.slice(skip, skip + limit);
    if (options.projection) docs = docs.map((doc) => project(doc, options.projection!));
    return { docs, examined, sql, params };
  });
};

/** How many documents match: counted by SQL alone when its selection is the answer. */
export const countDocuments = (
  tables: DocumentTables,
  collection: string,
  filter: Filter,
  indexed: ReadonlySet<string>,
): number => {
  const plan = planQuery(filter, {}, indexed);
  if (!plan.exact) return findDocuments(tables, collection, filter, {}, indexed).docs.length;
  return tables.read(collection, 0, () => {
    const row = tables
      .statement(`SELECT COUNT(*) AS n FROM ${tableOf(collection)} ${plan.where}`)
      .get(...plan.params) as { n: number };
    return row.n;
  });
};

/**
 * Which index SQLite walks for a query (by its declared name; `_id` for the primary key; null
 * for a scan of the table) and how many documents it read.
 */
export const explainFind = (
  tables: DocumentTables,
  collection: string,
  filter: Filter,
  options: FindOptions,
  indexed: ReadonlySet<string>,
): QueryPlan => {
  const found = findDocuments(tables, collection, filter, options, indexed);
  if (!tables.exists(collection)) return { index: null, examined: 0 };
  const steps = tables.statement(`EXPLAIN QUERY PLAN ${found.sql}`).all(...found.params) as {
    detail: string;
  }[];
  let index: string | null = null;
  for (const { detail } of steps) {
    if (/USING (INTEGER )?PRIMARY KEY/.test(detail)) index ??= '_id';
    const named = /USING (?:COVERING )?INDEX (\S+)/.exec(detail)?.[1];
    // A table made with a rowid keeps its ids in SQLite's own unique index.
    if (named?.startsWith('sqlite_autoindex_')) index ??= '_id';
    else if (named) index ??= declaredIndexName(collection, named) ?? named;
  }
  return { index, examined: found.examined };
};
