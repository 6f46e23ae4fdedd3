import fc from 'fast-check';
import { Query } from 'mingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { sortDocs } from '../../infra/read-store/matching';
import type { EmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { Doc, Filter, FindOptions } from '../../infra/read-store/read-store';

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
const document = fc.record({ g: indexedValue, r: indexedValue, free: anyValue });

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
);
const field = fc.constantFrom('g', 'r', 'free', '_id');
const simple = fc.dictionary(field, condition, { maxKeys: 3 });
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
      fc.record({ _id: fc.constantFrom(1, -1) }),
    ),
    skip: fc.integer({ min: 0, max: 3 }),
    limit: fc.integer({ min: 0, max: 4 }),
  },
  { requiredKeys: [] },
);

const clean = (value: unknown) => JSON.parse(JSON.stringify(value)) as Doc;

/** MongoDB's answer: mingo's match, sorted (ties by _id), skipped and limited. */
const expected = (docs: Doc[], f: Filter, o: FindOptions) => {
  const query = new Query(f);
  let found = docs.filter((d) => query.test(d));
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
          await store.ensureIndexes(name, [{ key: { g: 1, r: -1 } }, { key: { r: 1 } }]);
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
