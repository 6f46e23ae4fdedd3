import { createHash } from 'node:crypto';
import { isPlainPath } from '../query/plan';
import type { IndexSpec } from '../read-store';

/**
 * The read models in PostgreSQL: a table per collection (generation) with the id and the
 * document as `jsonb`, each declared index an expression index, and tables of the store's
 * own: the collections (with each one's version, moved by every unit of work that writes it),
 * their declared indexes, the commit records every process reads, and the leases. Ids are
 * compared byte by byte (`COLLATE "C"`), as SQLite and MongoDB compare them.
 */
export const STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_collections (
  name TEXT COLLATE "C" PRIMARY KEY,
  version BIGINT NOT NULL DEFAULT 0
);
-- A spec as written (json, not jsonb: jsonb keeps an object's keys in an order of its own, and
-- the order of an index's fields is the index).
CREATE TABLE IF NOT EXISTS rm_indexes (
  collection TEXT COLLATE "C" NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  spec JSON NOT NULL,
  PRIMARY KEY (collection, name)
);
DO $$ BEGIN
  IF (SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema()
      AND table_name = 'rm_indexes' AND column_name = 'spec') = 'jsonb' THEN
    ALTER TABLE rm_indexes ALTER COLUMN spec TYPE json USING spec::json;
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS rm_commits (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  origin TEXT NOT NULL,
  notices JSONB NOT NULL,
  at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rm_leases (
  name TEXT COLLATE "C" PRIMARY KEY,
  owner TEXT NOT NULL,
  token BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
-- A number as text whose byte order is the numbers' order: the sign (0 below zero, 1 for
-- zero, 2 above), the decimal exponent, then the digits (complemented below zero, and ended by
-- '~' so that a shorter run of digits sorts after a longer one it begins).
CREATE OR REPLACE FUNCTION rm_number_key(n numeric) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT CASE
    WHEN n = 0 THEN '1'
    WHEN n > 0 THEN '2' || lpad((s.e + 500000)::text, 7, '0') || s.digits
    ELSE '0' || lpad((500000 - s.e)::text, 7, '0')
      || translate(s.digits, '0123456789', '9876543210') || '~'
  END
  FROM (
    SELECT CASE WHEN p.whole <> '0' THEN length(p.whole)
                ELSE length(ltrim(p.fraction, '0')) - length(p.fraction) END AS e,
           rtrim(ltrim(p.whole || p.fraction, '0'), '0') AS digits
    FROM (SELECT split_part(abs(n)::text, '.', 1) AS whole,
                 split_part(abs(n)::text, '.', 2) AS fraction) AS p
  ) AS s
$fn$;
`;

/**
 * Advisory locks of the store (pg_advisory_xact_lock): its schema, its commit records, and
 * (with the table's name as the second key) the making of a table.
 */
export const SCHEMA_LOCK = 0x626f6f6e01;
export const COMMITS_LOCK = 0x626f6f6e02;
export const TABLES_LOCK = 0x626f6f6e;

/** The channel commits are announced on. */
export const COMMITS_CHANNEL = 'boon_read_commits';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The table holding one collection's documents. PostgreSQL cuts names at 63 bytes, so the
 * name is a readable part and a digest of the whole: any collection name maps to its own
 * table, never to another's, and needs no quoting.
 */
export const tableOf = (collection: string) => {
  const readable = collection
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 32);
  return `rm_d_${readable}_${digest(collection).slice(0, 16)}`;
};

export const indexNameOf = (spec: IndexSpec) =>
  spec.name ??
  Object.entries(spec.key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

/**
 * A declared spec as its name orders its fields. Specs stored before `rm_indexes` kept them as
 * written (as `jsonb`) lost their fields' order; a spec named by its fields gets it back from
 * its name. One whose name does not spell its fields is kept as it is.
 */
export const inDeclaredOrder = (name: string, spec: IndexSpec): IndexSpec => {
  if (spec.name !== undefined || indexNameOf(spec) === name) return spec;
  const entries = Object.entries(spec.key);
  const ordered: [string, 1 | -1][] = [];
  let rest = name;
  while (rest.length > 0) {
    const next = entries.find(
      ([field, direction]) =>
        !ordered.some(([taken]) => taken === field) &&
        (rest === `${field}_${direction}` || rest.startsWith(`${field}_${direction}_`)),
    );
    if (!next) return spec;
    ordered.push(next as [string, 1 | -1]);
    rest = rest.slice(`${next[0]}_${next[1]}`.length + 1);
  }
  if (ordered.length !== entries.length) return spec;
  return { ...spec, key: Object.fromEntries(ordered) };
};

/** A declared index's name in PostgreSQL: one per collection and declared name. */
export const physicalIndexOf = (collection: string, name: string) =>
  `rm_i_${digest(`${collection}\u0000${name}`).slice(0, 24)}`;

/** The unique constraint beside a unique declared index (see `createIndexSql`). */
const uniqueIndexOf = (collection: string, name: string) =>
  `rm_u_${digest(`${collection}\u0000${name}`).slice(0, 24)}`;

const checkedPath = (field: string) => {
  if (!isPlainPath(field)) throw new Error(`Field ${JSON.stringify(field)} is not a plain path`);
  // Plain names need no quoting inside a text[] literal.
  return `'{${field.split('.').join(',')}}'`;
};

/** The JSON value at a field's path (SQL NULL when missing, JSON null when null). */
export const jsonExpression = (field: string) => `(doc #> ${checkedPath(field)})`;

/**
 * A declared field as two index columns whose order is MongoDB's for the values it may hold:
 * its kind (0 missing or null, 1 a number, 2 a string), then a key of that kind: the string
 * itself, compared byte by byte (`COLLATE "C"`), or the number as `rm_number_key` writes it
 * (exact: a JSON number written from a double keeps its value), or '' for null. Neither is
 * ever NULL, so an equality on a field is an equality on both columns, and PostgreSQL walks
 * the next field's columns in order. jsonb's own order (strings before numbers, in the
 * database's collation) is not used.
 */
export const kindExpression = (field: string) => {
  const path = checkedPath(field);
  return `(CASE jsonb_typeof(doc #> ${path}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 ELSE 0 END)`;
};
export const keyExpression = (field: string) => {
  const path = checkedPath(field);
  return (
    `((CASE jsonb_typeof(doc #> ${path}) WHEN 'string' THEN doc #>> ${path} ` +
    `WHEN 'number' THEN rm_number_key((doc #>> ${path})::numeric) ELSE '' END) COLLATE "C")`
  );
};

/** The kind and key a value of a condition compares with. */
export const KIND = { null: 0, number: 1, string: 2 } as const;
export const numberKey = (placeholder: string) => `rm_number_key(${placeholder})`;

/** A field's sort terms: missing and null first ascending, last descending, as in MongoDB. */
export const orderTerms = (field: string, descending: boolean) => {
  if (field === '_id') return [descending ? 'id DESC' : 'id'];
  const direction = descending ? ' DESC' : '';
  return [`${kindExpression(field)}${direction}`, `${keyExpression(field)}${direction}`];
};

export const createTableSql = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS ${tableOf(collection)} (id TEXT COLLATE "C" PRIMARY KEY, doc JSONB NOT NULL)`;

/**
 * A declared index as PostgreSQL's: the same expressions the query planner writes, so
 * PostgreSQL matches them. A unique one is enforced by an index of its own on each field's
 * kind and value as text, NULL when missing or null (as on SQLite, documents without the
 * field never collide; in the two-column form they all have kind 0 and key '').
 */
export const createIndexSql = (collection: string, spec: IndexSpec): string[] => {
  const fields = Object.entries(spec.key);
  const name = indexNameOf(spec);
  const columns = fields.flatMap(([field, direction]) => orderTerms(field, direction === -1));
  const statements = [
    `CREATE INDEX IF NOT EXISTS ${physicalIndexOf(collection, name)} ON ${tableOf(collection)} (${columns.join(', ')})`,
  ];
  if (spec.unique) {
    const keys = fields.map(([field]) => {
      const json = jsonExpression(field);
      return `(CASE WHEN jsonb_typeof(${json}) IN ('string', 'number') THEN jsonb_typeof(${json}) || ':' || (${json} #>> '{}') END)`;
    });
    statements.push(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${uniqueIndexOf(collection, name)} ON ${tableOf(collection)} (${keys.join(', ')})`,
    );
  }
  return statements;
};

/**
 * A document whose field is not what a declared index may hold (a string, a number, null or
 * missing, reached through objects only): the first one, if any.
 */
export const invalidIndexedValueSql = (collection: string, field: string) => {
  const segments = field.split('.');
  const prefixes = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('.'));
  const arrays = prefixes.map((prefix) => `jsonb_typeof(${jsonExpression(prefix)}) = 'array'`);
  const kinds = `jsonb_typeof(${jsonExpression(field)}) NOT IN ('string', 'number', 'null')`;
  return `SELECT id, doc FROM ${tableOf(collection)} WHERE ${[...arrays, kinds].join(' OR ')} LIMIT 1`;
};
