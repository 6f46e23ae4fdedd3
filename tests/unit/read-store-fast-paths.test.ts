import fc from 'fast-check';
import { Query, update } from 'mingo';
import { describe, expect, it } from 'vitest';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { fastFilter, fastUpdate } from '../../infra/read-store/fast-paths';

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b', 'c'),
  fc.boolean(),
  fc.constant(null),
);
const fieldValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.constant(undefined));
const doc = fc.record({
  x: fieldValue,
  y: fieldValue,
  nested: fc.oneof(fc.record({ z: fieldValue }), fc.constant(undefined), scalar),
});
const path = fc.constantFrom('x', 'y', 'nested.z', 'missing');

const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $ne: scalar }),
  fc.record({ $gt: scalar }, { requiredKeys: [] }),
  fc.record({ $gte: scalar, $lt: scalar }, { requiredKeys: [] }),
  fc.record({ $lte: scalar }),
  fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $nin: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $exists: fc.boolean() }),
);
const simpleFilter = fc.dictionary(path, condition, { maxKeys: 2 });
const filter = fc.oneof(
  simpleFilter,
  fc.record({ $or: fc.array(simpleFilter, { minLength: 1, maxLength: 3 }) }),
  fc.record({ $and: fc.array(simpleFilter, { minLength: 1, maxLength: 3 }) }),
);

const clean = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('the read store’s fast paths agree with MongoDB semantics (mingo)', () => {
  it('match exactly the documents mingo matches', () => {
    fc.assert(
      fc.property(doc, filter, (d, f) => {
        const document = clean(d);
        const fast = fastFilter(f);
        if (!fast) return;
        expect(fast(document)).toBe(new Query(f).test(document));
      }),
      { numRuns: 3000 },
    );
  });

  it('update a document exactly as mingo does', () => {
    const updates = fc.oneof(
      fc.record({ $set: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 2 }) }),
      fc.record({ $unset: fc.dictionary(path, fc.constant(''), { minKeys: 1, maxKeys: 2 }) }),
      fc.record({
        $inc: fc.dictionary(path, fc.integer({ min: -2, max: 2 }), { minKeys: 1, maxKeys: 1 }),
      }),
      fc.record({ $min: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 1 }) }),
      fc.record({ $max: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 1 }) }),
      fc.record({ $push: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 1 }) }),
      fc.record({ $addToSet: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 1 }) }),
      fc.record({ $pull: fc.dictionary(path, scalar, { minKeys: 1, maxKeys: 1 }) }),
      fc.record({
        $set: fc.dictionary(fc.constantFrom('x'), scalar, { minKeys: 1 }),
        $inc: fc.dictionary(fc.constantFrom('y'), fc.integer(), { minKeys: 1 }),
      }),
    );
    fc.assert(
      fc.property(doc, updates, (d, spec) => {
        const ours = clean(d);
        const theirs = clean(d);
        if (!fastUpdate(ours, spec)) return;
        update(theirs, spec as never);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('fields named as a prototype’s keys', () => {
  it('are the document’s own: read, set and copied without touching any prototype', async () => {
    const store = openMemoryReadStore();
    await store.transaction(async (tx) => {
      const c = tx.collection('protos');
      await c.insertOne({ _id: 'a' });
      await c.updateOne({ _id: 'a' }, { $set: { '__proto__.polluted': 1 } });
      await c.updateOne({ _id: 'a' }, { $set: { 'constructor.x': 2 } });
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const doc = await store.collection('protos').findOne({ _id: 'a' });
    expect(JSON.stringify(doc)).toBe(
      '{"_id":"a","__proto__":{"polluted":1},"constructor":{"x":2}}',
    );
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    const missing = await store
      .collection('protos')
      .find({ _id: 'a' }, { projection: { toString: 1, hasOwnProperty: 1 } });
    expect(missing).toEqual([{ _id: 'a' }]);
    await store.close();
  });
});
