import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryCollection } from '../../infra/read-store/memory/collection';
import { SortedIndex } from '../../infra/read-store/memory/sorted-index';
import { compareValues } from '../../infra/read-store/memory/values';

type Row = { _id: string; g: number; r: number };

/** What the index must answer, by brute force: filter, then sort by (g, r·dir, _id). */
const expected = (
  rows: Map<string, Row>,
  g: number,
  lower: number | null,
  upper: number | null,
  dir: 1 | -1,
) =>
  [...rows.values()]
    .filter(
      (row) =>
        row.g === g && (lower === null || row.r > lower) && (upper === null || row.r <= upper),
    )
    .sort((a, b) => compareValues(a.r, b.r) * dir || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    .map((row) => row._id);

describe('the block index', () => {
  it('answers every range exactly as a sorted scan would, through puts, moves and removals', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('put' as const),
        id: fc.integer({ min: 0, max: 3000 }),
        g: fc.integer({ min: 0, max: 2 }),
        r: fc.integer({ min: 0, max: 50 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 3000 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 4000 }),
        fc.constantFrom(1 as const, -1 as const),
        fc.integer({ min: 0, max: 2 }),
        fc.option(fc.integer({ min: 0, max: 50 })),
        fc.option(fc.integer({ min: 0, max: 50 })),
        fc.boolean(),
        (operations, dir, g, lower, upper, reverse) => {
          const index = new SortedIndex('g_r', { g: 1, r: dir }, false, 'test');
          const rows = new Map<string, Row>();
          for (const op of operations) {
            const id = `d${op.id}`;
            if (op.kind === 'put') {
              const row = { _id: id, g: op.g, r: op.r };
              rows.set(id, row);
              index.put(row);
            } else {
              rows.delete(id);
              index.remove(id);
            }
          }
          const range = {
            equal: [g],
            ...(lower === null ? {} : { lower: { value: lower, inclusive: false } }),
            ...(upper === null ? {} : { upper: { value: upper, inclusive: true } }),
          };
          const want = expected(rows, g, lower, upper, dir);
          expect([...index.idsMatching(range, reverse)]).toEqual(reverse ? want.reverse() : want);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('counting by index', () => {
  it('counts plain equalities exactly as matching the documents does, arrays and all', () => {
    const value = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom('0', 'a'),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ g: value, r: value }), { maxLength: 300 }),
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('0', 'a', true)),
        fc.option(fc.integer({ min: 0, max: 3 })),
        (docs, g, r) => {
          const collection = new MemoryCollection('test');
          collection.ensureIndex({ key: { g: 1, r: -1 } });
          docs.forEach((doc, i) => collection.put({ _id: `d${i}`, ...doc }));
          const filter = r === null ? { g } : { g, r };
          expect(collection.count(filter)).toBe(collection.query(filter).length);
        },
      ),
    );
  });

  it('answers a count of a leading equality from the index, without visiting documents', () => {
    const collection = new MemoryCollection('test');
    collection.ensureIndex({ key: { g: 1, r: 1 } });
    for (let i = 0; i < 5000; i++) collection.put({ _id: `d${i}`, g: i % 3, r: i });
    expect(collection.count({ g: 1 })).toBe(1667);
    expect(collection.lastQuery).toEqual({ index: 'g_1_r_1', examined: 0 });
  });
});
