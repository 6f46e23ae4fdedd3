import fc from 'fast-check';
import { update } from 'mingo';
import { describe, expect, it } from 'vitest';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { IndexedValueError } from '../../infra/read-store/query/indexed-values';
import { applyUpdate, UnsupportedUpdateError } from '../../infra/read-store/query/update';
import type { Doc, UnitOfWork } from '../../infra/read-store/read-store';

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
const path = fc.constantFrom('x', 'y', 'nested.z', 'missing', 'fresh.deep');

const clean = (value: unknown) => JSON.parse(JSON.stringify(value)) as Doc;

describe('the read store’s update subset', () => {
  it('updates a document exactly as MongoDB does (mingo), or refuses and changes nothing', () => {
    const updates = fc.oneof(
      fc.record({
        $set: fc.dictionary(path, fc.oneof(scalar, fieldValue), { minKeys: 1, maxKeys: 2 }),
      }),
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
        $set: fc.dictionary(fc.constantFrom('x', 'nested'), scalar, { minKeys: 1 }),
        $inc: fc.dictionary(fc.constantFrom('y', 'nested.z'), fc.integer(), { minKeys: 1 }),
      }),
    );
    let applied = 0;
    fc.assert(
      fc.property(doc, updates, (d, spec) => {
        const ours = clean({ _id: 'd', ...d });
        const theirs = clean({ _id: 'd', ...d });
        try {
          applyUpdate('c', ours, spec);
        } catch (error) {
          expect(error).toBeInstanceOf(UnsupportedUpdateError);
          expect(ours).toEqual(theirs);
          return;
        }
        applied++;
        update(theirs, spec as never);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 3000 },
    );
    expect(applied).toBeGreaterThan(1500);
  });

  it('names what it refuses', () => {
    const refusals: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{}, { $addToSet: { tags: 'a' } }, /operator "\$addToSet"/],
      [{}, { $rename: { a: 'b' } }, /operator "\$rename"/],
      [{}, { name: 'replacement' }, /operator "name"/],
      [{}, { $set: { 'tags.0': 'a' } }, /\$set of "tags.0": paths are plain dotted names/],
      [{}, { $set: { _id: 'other' } }, /other than _id/],
      [{}, { $set: { a: 1 }, $inc: { a: 1 } }, /"a" and "a" conflict/],
      [{}, { $set: { a: {} }, $inc: { 'a.b': 1 } }, /"a" and "a.b" conflict/],
      [{}, { $inc: { n: '1' } }, /\$inc of "n" takes a finite number/],
      [{ n: 'one' }, { $inc: { n: 1 } }, /the document holds "one", not a number/],
      [{ tags: 'x' }, { $push: { tags: 'y' } }, /holds "x", not an array/],
      [{ a: [1] }, { $set: { 'a.b': 1 } }, /passes through an array at "a"/],
      [{ a: 1 }, { $min: { a: 'x' } }, /not a value of the operand's kind/],
    ];
    for (const [start, spec, message] of refusals) {
      const target = clean({ _id: 'd', ...start });
      expect(() => applyUpdate('c', target, spec)).toThrow(message);
      expect(target).toEqual({ _id: 'd', ...start });
    }
  });

  it('keeps what a declared index may hold: refuses another value, and the unit writes nothing', async () => {
    const store = openMemoryReadStore();
    await store.ensureIndexes('people', [{ key: { 'home.city': 1, age: 1 } }]);
    await store.transaction(async (tx) => {
      await tx.collection('people').insertOne({ _id: 'a', home: { city: 'Oslo' }, age: 3 });
    });
    const refused: [string, (tx: UnitOfWork) => Promise<unknown>][] = [
      ['holds an array', (tx) => tx.collection('people').insertOne({ _id: 'b', age: [1, 2] })],
      ['holds a boolean', (tx) => tx.collection('people').upsertOne({ _id: 'a', age: true })],
      [
        'passes through an array',
        (tx) => tx.collection('people').insertOne({ _id: 'c', home: [{ city: 'Rome' }] }),
      ],
      [
        'holds a document',
        (tx) => tx.collection('people').updateOne({ _id: 'a' }, { $set: { age: { years: 3 } } }),
      ],
      [
        'holds a document',
        (tx) =>
          tx.collection('people').updateOne({ _id: 'a' }, { $set: { 'home.city': { name: 'x' } } }),
      ],
    ];
    for (const [message, write] of refused) {
      await expect(
        store.transaction(async (tx) => {
          await tx.collection('people').insertOne({ _id: 'written-first', age: 1 });
          await write(tx);
        }),
      ).rejects.toThrow(IndexedValueError);
      await expect(store.transaction(write)).rejects.toThrow(message);
    }
    expect((await store.collection('people').find({})).map((d) => d._id)).toEqual(['a']);
    // A value on the way that is not an object leaves the field missing, as MongoDB reads it.
    await store.transaction(async (tx) => {
      await tx.collection('people').insertOne({ _id: 'd', home: 'none', age: null });
    });
    expect(await store.collection('people').count({ 'home.city': null })).toBe(1);
    await store.close();
  });

  it('refuses to build a declared index over a stored document that breaks it', async () => {
    const store = openMemoryReadStore();
    await store.transaction(async (tx) => {
      await tx.collection('late').insertOne({ _id: 'a', tags: ['x'] });
    });
    await expect(store.ensureIndexes('late', [{ key: { tags: 1 } }])).rejects.toThrow(
      /Document "a" in late refused: indexed field "tags" holds an array/,
    );
    expect(await store.collection('late').count()).toBe(1);
    await store.close();
  });
});
