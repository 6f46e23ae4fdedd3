import { isPlainPath } from '../query/plan';
import type { IndexSpec } from '../read-store';

/**
 * The read models' file: a table per collection (`id` + the document as JSON), each declared
 * index a SQLite index on the documents' JSON expressions, and tables of the store's own: the
 * collections and their declared indexes, each collection's version (moved by every unit of
 * work that writes it), the commit records every process reads, and the leases.
 */
export const STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_indexes (
  collection TEXT NOT NULL,
  name TEXT NOT NULL,
  spec TEXT NOT NULL,
  PRIMARY KEY (collection, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_versions (
  collection TEXT PRIMARY KEY,
  version INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_commits (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  origin TEXT NOT NULL,
  notices TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS read_leases (
  name TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  token INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

/**
 * Tables of the layout before this one, which kept every document of every collection in one
 * table and reloaded them into memory: dropped at open (read models are rebuilt from the log).
 */
export const LEGACY_TABLES = ['read_documents', 'read_collections', 'read_commits'] as const;

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table holding one collection's documents, as SQLite names it and as SQL quotes it. */
export const tableNameOf = (collection: string) => `doc:${collection}`;
export const tableOf = (collection: string) => quoteIdentifier(tableNameOf(collection));

export const indexNameOf = (spec: IndexSpec) =>
  spec.name ??
  Object.entries(spec.key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

export const physicalIndexOf = (collection: string, name: string) => `idx:${collection}:${name}`;

/** The declared index name behind a physical one (as a query plan names it), if it is ours. */
export const declaredIndexName = (collection: string, physical: string): string | null => {
  const prefix = `idx:${collection}:`;
  return physical.startsWith(prefix) ? physical.slice(prefix.length) : null;
};

/**
 * The SQL expression of a field: the id column, or the JSON value at its path. The path is
 * written into the SQL text, so nothing but plain names ever gets there.
 */
export const fieldExpression = (field: string) => {
  if (field === '_id') return 'id';
  if (!isPlainPath(field)) throw new Error(`Field ${JSON.stringify(field)} is not a plain path`);
  return `json_extract(doc, '$.${field}')`;
};

/** The JSON type of a field's value ('null' for null, SQL NULL when missing). */
export const typeExpression = (field: string) => {
  if (!isPlainPath(field)) throw new Error(`Field ${JSON.stringify(field)} is not a plain path`);
  return `json_type(doc, '$.${field}')`;
};

export const createTableSql = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS ${tableOf(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`;

/**
 * A declared index as SQLite's: the same expressions the query planner writes, so SQLite
 * matches them. Indexed fields hold strings, numbers or null (never arrays, objects or
 * booleans): that is what lets a condition on them be answered by SQL alone.
 */
export const createIndexSql = (collection: string, spec: IndexSpec) => {
  const columns = Object.entries(spec.key).map(([field, direction]) => {
    if (!isPlainPath(field)) {
      throw new Error(`Index ${indexNameOf(spec)} on ${collection}: field ${field} is not plain`);
    }
    return `${fieldExpression(field)}${direction === -1 ? ' DESC' : ''}`;
  });
  const name = quoteIdentifier(physicalIndexOf(collection, indexNameOf(spec)));
  return `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${tableOf(collection)} (${columns.join(', ')})`;
};

/**
 * A document whose field is not what a declared index may hold (a string, a number, null or
 * missing, reached through objects only): the first one, if any.
 */
export const invalidIndexedValueSql = (collection: string, field: string) => {
  const segments = field.split('.');
  const prefixes = segments.map((_, i) => segments.slice(0, i + 1).join('.'));
  const arrays = prefixes.slice(0, -1).map((prefix) => `${typeExpression(prefix)} = 'array'`);
  const kinds = `${typeExpression(field)} NOT IN ('text', 'integer', 'real', 'null')`;
  return `SELECT id, doc FROM ${tableOf(collection)} WHERE ${[...arrays, kinds].join(' OR ')} LIMIT 1`;
};
