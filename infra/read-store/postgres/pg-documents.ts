import { createHash } from 'node:crypto';
import { projectDoc } from '../documents';
import type { Predicate, QueryPlan } from '../query/plan';
import type { Doc, QueryPlan as ExplainedPlan } from '../read-store';
import type { PgCollection, Queryable } from './pg-collections';
import { renderPostgres } from './pg-plan';

/** A table that is not there (never written, or dropped by another process) reads as empty. */
export const isMissingTable = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '42P01';

/**
 * A statement PostgreSQL keeps prepared on each connection, named after its text: the
 * store's statements come in a few shapes per collection, planned once per connection.
 */
export const prepared = (text: string, values: unknown[]) => ({
  name: `rm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
  text,
  values,
});

const orEmpty = async <R>(empty: R, run: () => Promise<R>): Promise<R> => {
  try {
    return await run();
  } catch (error) {
    if (isMissingTable(error)) return empty;
    throw error;
  }
};

export const documentById = (db: Queryable, collection: PgCollection, id: string) =>
  orEmpty(null, async () => {
    const { rows } = await db.query<{ doc: Doc }>(
      prepared(`SELECT doc FROM ${collection.table} WHERE id = $1`, [id]),
    );
    return rows[0]?.doc ?? null;
  });

/** The documents of many ids at once (missing ones are left out). */
export const documentsById = (db: Queryable, collection: PgCollection, ids: readonly string[]) =>
  orEmpty([] as Doc[], async () => {
    const { rows } = await db.query<{ doc: Doc }>(
      prepared(`SELECT doc FROM ${collection.table} WHERE id = ANY($1::text[])`, [ids]),
    );
    return rows.map((row) => row.doc);
  });

const selectOf = (collection: PgCollection, plan: QueryPlan) => {
  const { where, params, orderBy } = renderPostgres(plan);
  const { skip, limit } = plan.page;
  const page: string[] = [];
  if (limit !== null) page.push(`LIMIT ${limit}`);
  if (skip > 0) page.push(`OFFSET ${skip}`);
  const text = [`SELECT doc FROM ${collection.table}`, where, orderBy, ...page]
    .filter(Boolean)
    .join(' ');
  return { text, params };
};

/** The documents a planned query matches, in order, paged and projected: all of it said in SQL. */
export const findDocuments = (db: Queryable, collection: PgCollection, plan: QueryPlan) =>
  orEmpty([] as Doc[], async () => {
    const { text, params } = selectOf(collection, plan);
    const { rows } = await db.query<{ doc: Doc }>(prepared(text, params));
    return rows.map((row) => (plan.projection ? projectDoc(row.doc, plan.projection) : row.doc));
  });

export const countDocuments = (db: Queryable, collection: PgCollection, where: Predicate) =>
  orEmpty(0, async () => {
    const rendered = renderPostgres({ where, order: [] });
    const text = `SELECT count(*)::int AS n FROM ${collection.table} ${rendered.where}`.trimEnd();
    const { rows } = await db.query<{ n: number }>(prepared(text, rendered.params));
    return rows[0]!.n;
  });

type PlanNode = { 'Node Type'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

const indexOfPlan = (collection: PgCollection, node: PlanNode): string | null => {
  const name = node['Index Name'];
  if (name) {
    if (name === `${collection.table}_pkey`) return '_id';
    return collection.declaredIndexName(name) ?? name;
  }
  for (const child of node.Plans ?? []) {
    const found = indexOfPlan(collection, child);
    if (found) return found;
  }
  return null;
};

/**
 * Which index PostgreSQL walks for a query (by its declared name; `_id` for the primary key;
 * null for a scan of the table) and how many documents it read: SQL reads exactly the answer.
 */
export const explainFind = async (
  db: Queryable,
  collection: PgCollection,
  plan: QueryPlan,
): Promise<ExplainedPlan> => {
  const docs = await findDocuments(db, collection, plan);
  return orEmpty({ index: null, examined: 0 }, async () => {
    const { text, params } = selectOf(collection, plan);
    const { rows } = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      params,
    );
    return {
      index: indexOfPlan(collection, rows[0]!['QUERY PLAN'][0]!.Plan),
      examined: docs.length,
    };
  });
};
