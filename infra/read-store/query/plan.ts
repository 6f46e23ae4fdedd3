import type { Filter, FindOptions } from '../read-store';

/**
 * The read store's query subset, as one plan every engine answers: SQLite and PostgreSQL
 * render it to SQL in their own dialect (`sqlite/sql-plan.ts`, `postgres/pg-plan.ts`), the
 * MongoDB adapter refuses what it refuses. A query outside the subset throws
 * `UnsupportedQueryError`; nothing is ever matched in JavaScript behind the SQL.
 *
 * The subset, with MongoDB's semantics:
 * - fields: `_id`, and the fields of the collection's declared indexes (plain dotted names),
 *   which hold strings, finite numbers or null (or are missing): `checkIndexedValues` refuses
 *   any other value when a document is written. A field no index declares may hold an array
 *   (MongoDB's "any element" matching) or a boolean; no condition or sort names it.
 * - conditions: a value (equality), `$eq`, `$ne`, `$in`, `$nin` of strings, numbers or null;
 *   `$gt`, `$gte`, `$lt`, `$lte` of a string or a number (only values of the same kind
 *   compare, as in MongoDB); `$exists` with true or false. `_id` takes strings only.
 * - filters combine fields (all must hold), `$and` and `$or` of non-empty lists of filters.
 * - sorts on `_id` and declared fields, 1 or -1; `skip` and `limit` whole numbers.
 */
export class UnsupportedQueryError extends Error {
  constructor(collection: string, detail: string) {
    super(`Query on ${collection} is outside the read store's query subset: ${detail}`);
    this.name = 'UnsupportedQueryError';
  }
}

export type Scalar = string | number | null;

/** A field a condition or sort names: the id column, or a path into the document. */
export type FieldRef = { readonly path: string; readonly segments: readonly string[] };

export type RangeOp = 'gt' | 'gte' | 'lt' | 'lte';

export type Predicate =
  | { kind: 'all' }
  | { kind: 'and'; parts: Predicate[] }
  | { kind: 'or'; parts: Predicate[] }
  | { kind: 'not'; part: Predicate }
  /** Equal to the value (of the same kind); null: null or missing. */
  | { kind: 'eq'; field: FieldRef; value: Scalar }
  | { kind: 'range'; field: FieldRef; op: RangeOp; value: string | number }
  | { kind: 'in'; field: FieldRef; values: Scalar[] }
  /** Present, even when null. */
  | { kind: 'exists'; field: FieldRef };

export type SortKey = { field: FieldRef; descending: boolean };

export type Page = { skip: number; limit: number | null };

/** Which top-level fields an answer's documents keep (`_id` unless excluded) or lose. */
export type Projection = { include: boolean; fields: string[]; id: boolean };

export type QueryPlan = {
  where: Predicate;
  order: SortKey[];
  page: Page;
  projection: Projection | null;
};

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Whether a dotted field path names document fields only: plain names (MongoDB reads a
 * numeric segment as an array position, which no SQL expression here follows).
 */
export const isPlainPath = (path: string) => path.split('.').every((s) => SEGMENT.test(s));

export const isIdField = (field: FieldRef) => field.path === '_id';

const RANGES: Readonly<Record<string, RangeOp>> = {
  $gt: 'gt',
  $gte: 'gte',
  $lt: 'lt',
  $lte: 'lte',
};

const describe = (value: unknown) => {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value);
};

const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses queries on one collection. `declared` says whether a field is in one of its declared
 * indexes (a store may look again when a field is new to it: another process may have
 * declared the index since).
 */
export class QueryPlanner {
  private readonly refs = new Map<string, FieldRef>();

  constructor(
    private readonly collection: string,
    private readonly declared: (field: string) => boolean,
  ) {}

  private refuse(detail: string): never {
    throw new UnsupportedQueryError(this.collection, detail);
  }

  private field(path: string): FieldRef {
    const known = this.refs.get(path);
    if (known) return known;
    if (path !== '_id') {
      if (!isPlainPath(path)) this.refuse(`field ${describe(path)} is not a plain path`);
      if (!this.declared(path)) {
        this.refuse(`field ${describe(path)} is in no declared index (declare one for it)`);
      }
    }
    const ref: FieldRef = { path, segments: path.split('.') };
    this.refs.set(path, ref);
    return ref;
  }

  /** A value a condition on this field may take: strings on `_id`, scalars elsewhere. */
  private operand(field: FieldRef, op: string, value: unknown, ranged = false): Scalar {
    const ok = isIdField(field)
      ? typeof value === 'string'
      : isScalar(value) && !(ranged && value === null);
    if (!ok) {
      const wanted = isIdField(field)
        ? 'a string'
        : ranged
          ? 'a string or a finite number'
          : 'a string, a finite number or null';
      this.refuse(`${op} on ${describe(field.path)} takes ${wanted}, not ${describe(value)}`);
    }
    return value as Scalar;
  }

  private list(field: FieldRef, op: string, value: unknown): Scalar[] {
    if (!Array.isArray(value)) this.refuse(`${op} on ${describe(field.path)} takes a list`);
    return value.map((item) => this.operand(field, op, item));
  }

  private condition(path: string, condition: unknown): Predicate {
    const field = this.field(path);
    if (!isRecord(condition))
      return { kind: 'eq', field, value: this.operand(field, 'equality', condition) };
    const entries = Object.entries(condition);
    if (entries.length === 0 || entries.some(([op]) => !op.startsWith('$'))) {
      this.refuse(`equality of ${describe(path)} with a document (${describe(condition)})`);
    }
    const parts = entries.map(([op, value]): Predicate => {
      if (Object.hasOwn(RANGES, op)) {
        return {
          kind: 'range',
          field,
          op: RANGES[op]!,
          value: this.operand(field, op, value, true) as string | number,
        };
      }
      switch (op) {
        case '$eq':
          return { kind: 'eq', field, value: this.operand(field, op, value) };
        case '$ne':
          return {
            kind: 'not',
            part: { kind: 'eq', field, value: this.operand(field, op, value) },
          };
        case '$in':
          return { kind: 'in', field, values: this.list(field, op, value) };
        case '$nin':
          return { kind: 'not', part: { kind: 'in', field, values: this.list(field, op, value) } };
        case '$exists':
          if (typeof value !== 'boolean')
            this.refuse(`$exists on ${describe(path)} takes true or false`);
          if (isIdField(field)) this.refuse('$exists on "_id": every document has one');
          return value
            ? { kind: 'exists', field }
            : { kind: 'not', part: { kind: 'exists', field } };
        default:
          return this.refuse(
            `operator ${describe(op)} (on ${describe(path)}) is not in the subset`,
          );
      }
    });
    return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
  }

  private filters(op: string, value: unknown): Predicate[] {
    if (!Array.isArray(value) || value.length === 0)
      this.refuse(`${op} takes a non-empty list of filters`);
    return value.map((part) => {
      if (!isRecord(part)) this.refuse(`${op} takes filters, not ${describe(part)}`);
      return this.where(part);
    });
  }

  /** A filter's condition; throws `UnsupportedQueryError` for anything outside the subset. */
  where(filter: Filter): Predicate {
    if (!isRecord(filter)) this.refuse(`a filter is a document, not ${describe(filter)}`);
    const parts: Predicate[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and') parts.push({ kind: 'and', parts: this.filters(key, value) });
      else if (key === '$or') parts.push({ kind: 'or', parts: this.filters(key, value) });
      else if (key.startsWith('$')) this.refuse(`operator ${describe(key)} is not in the subset`);
      else parts.push(this.condition(key, value));
    }
    if (parts.length === 0) return { kind: 'all' };
    return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
  }

  private order(sort: FindOptions['sort']): SortKey[] {
    if (sort === undefined) return [];
    if (!isRecord(sort)) this.refuse(`a sort is a document, not ${describe(sort)}`);
    return Object.entries(sort).map(([path, direction]) => {
      if (direction !== 1 && direction !== -1) {
        this.refuse(`sort on ${describe(path)} takes 1 or -1, not ${describe(direction)}`);
      }
      return { field: this.field(path), descending: direction === -1 };
    });
  }

  private count(name: 'skip' | 'limit', value: unknown): number {
    if (value === undefined) return 0;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      this.refuse(`${name} takes a whole number, not ${describe(value)}`);
    }
    return value;
  }

  private projection(projection: FindOptions['projection']): Projection | null {
    if (projection === undefined) return null;
    if (!isRecord(projection))
      this.refuse(`a projection is a document, not ${describe(projection)}`);
    const entries = Object.entries(projection);
    for (const [key, flag] of entries) {
      if (!SEGMENT.test(key)) this.refuse(`projection of ${describe(key)}: top-level names only`);
      if (flag !== 0 && flag !== 1) this.refuse(`projection of ${describe(key)} takes 0 or 1`);
    }
    const others = entries.filter(([key]) => key !== '_id');
    const include = others.some(([, flag]) => flag === 1);
    if (others.some(([, flag]) => (flag === 1) !== include)) {
      this.refuse('a projection either keeps fields or leaves them out (besides _id)');
    }
    return {
      include,
      fields: others.map(([key]) => key),
      id: projection._id !== 0,
    };
  }

  /** A whole query: filter, order, page and projection. */
  plan(filter: Filter, options: FindOptions = {}): QueryPlan {
    const limit = this.count('limit', options.limit);
    return {
      where: this.where(filter),
      order: this.order(options.sort),
      page: { skip: this.count('skip', options.skip), limit: limit === 0 ? null : limit },
      projection: this.projection(options.projection),
    };
  }
}
