import fc from 'fast-check';
import { Query } from 'mingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { sortDocs } from '../../infra/read-store/matching';
import type { EmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { Doc, Filter, FindOptions, SortSpec } from '../../infra/read-store/read-store';

/**
 * The SQL the store writes for a query, held to MongoDB's answer (mingo's) over generated
 * documents and queries: conditions on indexed fields go to SQL, the rest is matched on the
 * rows SQL returns, and the two together must select, order and page exactly as MongoDB does.
 */

// Indexed fields hold strings, numbers or null (the rule of IndexSpec); others hold anything.
const indexedValue = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double({ min: -3, max: 3, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('a', 'b', 'ab', 'B', ''),
  fc.constant(null),
  fc.constant(undefined),
);
const anyScalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b'),
  fc.boolean(),
  fc.constant(null),
);
const anyValue = fc.oneof(anyScalar, fc.array(anyScalar, { maxLength: 3 }), fc.constant(undefined));
/**
 * Field names an object's prototype also answers to: a document without them must not be
 * read as holding them, and a condition object with such a key is an equality on an embedded
 * document (MongoDB's reading), never an operator. `constructor` is indexed, the others free.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
/** Each built as an own property, as JSON.parse makes them (a literal `__proto__:` would not). */
const own = (entries: [string, unknown][]) =>
  JSON.parse(JSON.stringify(Object.fromEntries(entries))) as Record<string, unknown>;
const document = fc
  .record({
    g: indexedValue,
    r: indexedValue,
    free: anyValue,
    constructor: indexedValue,
    toString: anyValue,
    __proto__: anyValue,
    hasOwnProperty: anyValue,
  })
  .map((fields) => own(Object.entries(fields)));

const operand = fc.oneof(
  indexedValue.filter((v) => v !== undefined),
  anyScalar,
);
const condition = fc.oneof(
  operand,
  fc.record({ $eq: operand }),
  fc.record({ $ne: operand }),
  fc.record({ $gt: operand }, { requiredKeys: [] }),
  fc.record({ $gte: operand, $lt: operand }, { requiredKeys: [] }),
  fc.record({ $lte: operand }),
  fc.record({ $in: fc.array(operand, { maxLength: 3 }) }),
  fc.record({ $exists: fc.boolean() }),
  fc
    .tuple(fc.constantFrom(...PROTOTYPE_NAMES, 'valueOf'), operand)
    .map(([key, value]) => own([[key, value]])),
);
// Not `__proto__` yet: a filter the SQL leaves to mingo reads it through the prototype.
const field = fc.constantFrom('g', 'r', 'free', '_id', 'constructor', 'toString', 'hasOwnProperty');
const simple = fc
  .uniqueArray(fc.tuple(field, condition), { maxLength: 3, selector: ([key]) => key })
  .map((entries) => own(entries));
const filter = fc.oneof(
  simple,
  fc.record({ $and: fc.array(simple, { minLength: 1, maxLength: 2 }) }),
  fc.record({ $or: fc.array(simple, { minLength: 1, maxLength: 2 }) }),
);
const options = fc.record(
  {
    sort: fc.oneof(
      fc.record({ g: fc.constantFrom(1, -1) }),
      fc.record({ g: fc.constantFrom(1, -1), r: fc.constantFrom(1, -1) }),
      fc.record({ r: fc.constantFrom(1, -1) }),
      fc.record({ free: fc.constantFrom(1, -1) }),
      fc.record({ constructor: fc.constantFrom(1, -1) }),
      fc.record({ _id: fc.constantFrom(1, -1) }),
    ),
    skip: fc.integer({ min: 0, max: 3 }),
    limit: fc.integer({ min: 0, max: 4 }),
  },
  { requiredKeys: [] },
);

const clean = (value: unknown) => JSON.parse(JSON.stringify(value)) as Doc;

/**
 * mingo reads `__proto__` through the prototype like any JavaScript object would: the oracle
 * sees the field under another name, in documents and filters alike.
 */
const renamed = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replaceAll('"__proto__":', '"proto_field":')) as T;

/** MongoDB's answer: mingo's match, sorted (ties by _id), skipped and limited. */
const expected = (docs: Doc[], f: Filter, o: FindOptions) => {
  const query = new Query(renamed(f));
  let found = docs.filter((d) => query.test(renamed(d)));
  found = sortDocs(found, { ...(o.sort ?? {}), ...(o.sort && '_id' in o.sort ? {} : { _id: 1 }) });
  const skip = o.skip ?? 0;
  const limit = o.limit && o.limit > 0 ? o.limit : Infinity;
  return found.slice(skip, skip + limit).map((d) => d._id);
};

describe('the embedded read store’s SQL agrees with MongoDB semantics (mingo)', () => {
  let store: EmbeddedReadStore;
  let run = 0;
  beforeAll(() => {
    store = openMemoryReadStore();
  });
  afterAll(() => store.close());

  it('selects, orders and pages exactly the documents MongoDB would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(document, { minLength: 0, maxLength: 12 }),
        filter,
        options,
        async (generated, f, o) => {
          const name = `sql_${run++}`;
          await store.ensureIndexes(name, [
            { key: { g: 1, r: -1 } },
            { key: { r: 1 } },
            { key: Object.fromEntries([['constructor', 1]]) as SortSpec },
          ]);
          const docs = generated.map((d, i) => clean({ _id: `d${i}`, ...d }));
          await store.transaction(async (tx) => {
            for (const d of docs) await tx.collection(name).insertOne(d);
          });
          const want = expected(docs, f, o);
          const sortWithTies = o.sort
            ? { ...o.sort, ...('_id' in o.sort ? {} : { _id: 1 as const }) }
            : { _id: 1 as const };
          const got = (await store.collection(name).find(f, { ...o, sort: sortWithTies })).map(
            (d) => d._id,
          );
          expect(got).toEqual(want);
          expect(await store.collection(name).count(f)).toBe(expected(docs, f, {}).length);
          await store.dropCollection(name);
        },
      ),
      { numRuns: 600 },
    );
  });
});
