import fc from 'fast-check';
import { Query } from 'mingo';
import { expect } from 'vitest';
import { UnsupportedQueryError } from '../../infra/read-store/query/plan';
import type {
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadStore,
  SortSpec,
} from '../../infra/read-store/read-store';

/**
 * A store's SQL held to MongoDB's answer (mingo's) over generated documents and queries: a
 * query inside the read store's subset selects, orders, pages and counts exactly what MongoDB
 * would, outside and inside a unit of work (where a query by `_id` is answered from the
 * document the unit holds); a query outside it is refused, named, on every engine alike.
 * What the subset is, is said here again on its own (`supported`), not taken from the store.
 */

/**
 * Field names an object's prototype also answers to: a document without them must not be
 * read as holding them, and a condition object with such a key is an equality with an
 * embedded document (MongoDB's reading), never an operator. `constructor` is indexed.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

const INDEXED = ['g', 'r', 'constructor', 'n.x'] as const;
const INDEXES: IndexSpec[] = [
  { key: { g: 1, r: -1 } },
  { key: { r: 1 } },
  { key: Object.fromEntries([['constructor', 1]]) as SortSpec },
  { key: { 'n.x': -1 } },
];

/** Each built as an own property, as JSON.parse makes them (a literal `__proto__:` would not). */
const own = (entries: [string, unknown][]) =>
  JSON.parse(JSON.stringify(Object.fromEntries(entries))) as Record<string, unknown>;

// Numbers where engines part: precision past 2^53, exponents, the extremes, fractions.
const awkwardNumber = fc.constantFrom(0.1, 0.30000000000000004, 1e21, 2 ** 53 + 2, -1e-7, 5e-324);
const indexedValue = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 3 },
  { arbitrary: fc.double({ min: -3, max: 3, noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: awkwardNumber, weight: 1 },
  { arbitrary: fc.constantFrom('a', 'b', 'ab', 'B', '', '1', 'a b', 'é', 'Z'), weight: 3 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);
const anyScalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b'),
  fc.boolean(),
  fc.constant(null),
);
const anyValue = fc.oneof(anyScalar, fc.array(anyScalar, { maxLength: 3 }), fc.constant(undefined));
const document = fc
  .record({
    g: indexedValue,
    r: indexedValue,
    n: fc.oneof(fc.record({ x: indexedValue }), fc.constant(undefined), fc.constantFrom(1, 'n')),
    free: anyValue,
    constructor: indexedValue,
    toString: anyValue,
    __proto__: anyValue,
    hasOwnProperty: anyValue,
  })
  .map((fields) => own(Object.entries(fields)));

const goodOperand = indexedValue.filter((value) => value !== undefined);
const idOperand = fc.constantFrom('d0', 'd1', 'd2', 'd10', 'd', 'e', '');
const operand = fc.oneof(
  { arbitrary: goodOperand, weight: 8 },
  { arbitrary: idOperand, weight: 2 },
  { arbitrary: anyScalar, weight: 1 },
);
const condition = fc.oneof(
  { arbitrary: operand, weight: 4 },
  { arbitrary: fc.record({ $eq: operand }), weight: 1 },
  { arbitrary: fc.record({ $ne: operand }), weight: 1 },
  { arbitrary: fc.record({ $gt: operand }, { requiredKeys: [] }), weight: 1 },
  { arbitrary: fc.record({ $gte: operand, $lt: operand }, { requiredKeys: [] }), weight: 2 },
  { arbitrary: fc.record({ $lte: operand }), weight: 1 },
  { arbitrary: fc.record({ $in: fc.array(operand, { maxLength: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ $nin: fc.array(operand, { maxLength: 3 }) }), weight: 1 },
  { arbitrary: fc.record({ $exists: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_NAMES, 'valueOf', '$regex', '$size'), operand)
      .map(([key, value]) => own([[key, value]])),
    weight: 1,
  },
);
const field = fc.oneof(
  { arbitrary: fc.constantFrom(...INDEXED, '_id'), weight: 12 },
  { arbitrary: fc.constantFrom('free', 'n', 'toString', '__proto__', 'hasOwnProperty'), weight: 1 },
);
const simple = fc
  .uniqueArray(fc.tuple(field, condition), { maxLength: 3, selector: ([key]) => key })
  .map((entries) => own(entries));
const filter = fc.oneof(
  { arbitrary: simple, weight: 4 },
  { arbitrary: fc.record({ $and: fc.array(simple, { minLength: 1, maxLength: 2 }) }), weight: 1 },
  { arbitrary: fc.record({ $or: fc.array(simple, { minLength: 1, maxLength: 3 }) }), weight: 1 },
);
const sortField = fc.oneof(
  { arbitrary: fc.constantFrom(...INDEXED, '_id'), weight: 10 },
  { arbitrary: fc.constant('free'), weight: 1 },
);
const options = fc.record(
  {
    sort: fc
      .uniqueArray(fc.tuple(sortField, fc.constantFrom(1, -1)), {
        minLength: 1,
        maxLength: 2,
        selector: ([key]) => key,
      })
      .map((entries) => own(entries) as SortSpec),
    skip: fc.integer({ min: 0, max: 3 }),
    limit: fc.integer({ min: 0, max: 4 }),
  },
  { requiredKeys: [] },
);

// The subset, said independently of the planner.
const isScalar = (v: unknown) => v === null || typeof v === 'string' || Number.isFinite(v);
const operandOk = (path: string, v: unknown, ranged = false) =>
  path === '_id' ? typeof v === 'string' : isScalar(v) && !(ranged && v === null);
const conditionOk = (path: string, c: unknown): boolean => {
  if (path !== '_id' && !(INDEXED as readonly string[]).includes(path)) return false;
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return operandOk(path, c);
  const entries = Object.entries(c);
  if (entries.length === 0) return false;
  return entries.every(([op, v]) => {
    if (['$eq', '$ne'].includes(op)) return operandOk(path, v);
    if (['$gt', '$gte', '$lt', '$lte'].includes(op)) return operandOk(path, v, true);
    if (['$in', '$nin'].includes(op)) {
      return Array.isArray(v) && v.every((item) => operandOk(path, item));
    }
    if (op === '$exists') return typeof v === 'boolean' && path !== '_id';
    return false;
  });
};
const filterOk = (f: Filter): boolean =>
  Object.entries(f).every(([key, value]) =>
    key === '$and' || key === '$or' ? (value as Filter[]).every(filterOk) : conditionOk(key, value),
  );
const supported = (f: Filter, o: FindOptions) =>
  filterOk(f) &&
  Object.keys(o.sort ?? {}).every(
    (key) => key === '_id' || (INDEXED as readonly string[]).includes(key),
  );

/**
 * mingo reads `__proto__` through the prototype like any JavaScript object would: the oracle
 * sees the field under another name, in documents and filters alike.
 */
const renamed = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"__proto__":', '"proto_field":')) as T;

const at = (doc: Doc, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' && Object.hasOwn(node, key)
          ? (node as Record<string, unknown>)[key]
          : undefined,
      doc,
    );

/** MongoDB's order of the values declared fields hold: missing and null, numbers, strings. */
const rank = (v: unknown) => (v === undefined || v === null ? 0 : typeof v === 'number' ? 1 : 2);
const compare = (a: unknown, b: unknown) => {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (rank(a) === 0 || a === b) return 0;
  return (a as number | string) < (b as number | string) ? -1 : 1;
};

/** MongoDB's answer: mingo's match, sorted (ties by _id), skipped and limited. */
const expected = (docs: Doc[], f: Filter, sort: SortSpec, skip = 0, limit = 0) => {
  const query = new Query(renamed(f));
  const keys = Object.entries(sort);
  return docs
    .filter((d) => query.test(renamed(d)))
    .sort((a, b) => {
      for (const [path, direction] of keys) {
        const order = compare(at(a, path), at(b, path));
        if (order !== 0) return order * direction;
      }
      return 0;
    })
    .slice(skip, limit > 0 ? skip + limit : undefined)
    .map((d) => d._id);
};

let run = 0;

/**
 * Runs the property against a store, in a collection of its own (emptied between runs: its
 * table and indexes stay, so a run costs a unit of work, not a table's making), dropped after.
 */
export const checkQueryProperty = async (store: ReadStore, numRuns: number) => {
  let answered = 0;
  let refused = 0;
  const name = `property_${run++}`;
  await store.ensureIndexes(name, INDEXES);
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(document, { minLength: 0, maxLength: 12 }),
        filter,
        options,
        async (generated, f, o) => {
          const docs = generated.map((d, i) => ({ ...d, _id: `d${i}` }) as Doc);
          await store.transaction(async (tx) => {
            await tx.collection(name).deleteMany({});
            for (const d of docs) await tx.collection(name).insertOne(d);
          });
          const sort = {
            ...(o.sort ?? {}),
            ...(o.sort && '_id' in o.sort ? {} : { _id: 1 as const }),
          };
          const query = { ...o, sort };
          if (!supported(f, o)) {
            refused++;
            await expect(store.collection(name).find(f, query)).rejects.toThrow(
              UnsupportedQueryError,
            );
            if (!filterOk(f)) {
              await expect(store.collection(name).count(f)).rejects.toThrow(UnsupportedQueryError);
            }
            return;
          }
          answered++;
          const want = expected(docs, f, sort, o.skip, o.limit);
          const ids = (found: Doc[]) => found.map((d) => d._id);
          expect(ids(await store.collection(name).find(f, query))).toEqual(want);
          expect(await store.collection(name).count(f)).toBe(expected(docs, f, {}).length);
          const inUnit = await store.transaction(async (tx) =>
            ids(await tx.collection(name).find(f, query)),
          );
          expect(inUnit).toEqual(want);
        },
      ),
      { numRuns },
    );
  } finally {
    await store.dropCollection(name);
  }
  // Both halves were exercised, not one of them by chance alone.
  expect(answered).toBeGreaterThan(numRuns / 3);
  expect(refused).toBeGreaterThan(numRuns / 20);
};
