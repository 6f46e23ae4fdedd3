import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexedValueError } from '../../infra/read-store/query/indexed-values';
import { UnsupportedQueryError } from '../../infra/read-store/query/plan';
import { UnsupportedUpdateError } from '../../infra/read-store/query/update';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type ReadStore,
  type UnitOfWork,
} from '../../infra/read-store/read-store';

type Person = Doc & {
  name: string;
  age: number;
  tags?: string[];
  address?: { city: string };
  score?: number;
};

/**
 * The ReadStore port's contract: MongoDB semantics for filters, updates, sorting, projection
 * and units of work, within the read store's query and update subset (`query/plan.ts`,
 * `query/update.ts`), which every engine refuses past alike.
 */
export const describeReadStoreContract = (
  name: string,
  open: () => Promise<ReadStore>,
  options: { skipReason?: string } = {},
) => {
  if (options.skipReason) {
    console.warn(`[contract] ${name} read store skipped: ${options.skipReason}`);
    describe.skip(`ReadStore contract: ${name}`, () => {
      it('runs where the engine is reachable', () => {});
    });
    return;
  }

  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    const collection = () => `contract_${randomUUID().replace(/-/g, '')}`;
    const people: Person[] = [
      { _id: 'a', name: 'Ada', age: 36, tags: ['math'], address: { city: 'London' } },
      { _id: 'b', name: 'Bo', age: 20, tags: ['art', 'math'], address: { city: 'Oslo' } },
      { _id: 'c', name: 'Cy', age: 52, address: { city: 'London' } },
    ];
    const seeded = async () => {
      const name = collection();
      await store.ensureIndexes(name, [
        { key: { age: 1 } },
        { key: { name: 1 } },
        { key: { 'address.city': 1, score: 1 } },
      ]);
      await store.transaction(async (tx) => {
        for (const p of people) await tx.collection<Person>(name).insertOne(p);
      });
      return name;
    };

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('finds by equality, operators, nested fields and combinations', async () => {
      const c = store.collection<Person>(await seeded());
      expect(await c.findOne({ _id: 'a' })).toEqual(people[0]);
      expect(await c.findOne({ _id: 'zzz' })).toBeNull();
      const ids = async (filter: Record<string, unknown>) =>
        (await c.find(filter, { sort: { _id: 1 } })).map((p) => p._id);
      expect(await ids({ age: { $gt: 30 } })).toEqual(['a', 'c']);
      expect(await ids({ _id: { $in: ['b', 'c'] } })).toEqual(['b', 'c']);
      expect(await ids({ 'address.city': 'London' })).toEqual(['a', 'c']);
      expect(await ids({ name: { $in: ['Bo', 'Cy', 'Zed'] }, age: { $ne: 52 } })).toEqual(['b']);
      expect(await ids({ score: { $exists: false }, 'address.city': { $nin: ['Oslo'] } })).toEqual([
        'a',
        'c',
      ]);
      expect(await ids({ $or: [{ age: 20 }, { name: 'Cy' }] })).toEqual(['b', 'c']);
      expect(await ids({ $and: [{ age: { $gte: 20 } }, { age: { $lt: 40 } }] })).toEqual([
        'a',
        'b',
      ]);
      expect(await c.count({ 'address.city': 'London' })).toBe(2);
      expect(await c.count()).toBe(3);
    });

    it('sorts, skips, limits and projects', async () => {
      const c = store.collection<Person>(await seeded());
      const sorted = await c.find(
        {},
        { sort: { age: -1 }, skip: 1, limit: 1, projection: { name: 1 } },
      );
      expect(sorted).toEqual([{ _id: 'a', name: 'Ada' }]);
      const without = await c.find({ _id: 'b' }, { projection: { tags: 0, address: 0 } });
      expect(without).toEqual([{ _id: 'b', name: 'Bo', age: 20 }]);
    });

    it('updates with $set, $inc, $push, $pull and $unset, and upserts', async () => {
      const name = await seeded();
      await store.transaction(async (tx) => {
        const c = tx.collection<Person>(name);
        expect(
          await c.updateOne({ _id: 'a' }, { $set: { 'address.city': 'Paris' }, $inc: { age: 1 } }),
        ).toBe(1);
        await c.updateOne({ _id: 'b' }, { $push: { tags: 'music' } });
        await c.updateOne({ _id: 'b' }, { $pull: { tags: 'art' } });
        await c.updateOne({ _id: 'c' }, { $unset: { address: '' } });
        expect(await c.updateOne({ _id: 'nobody' }, { $set: { age: 1 } })).toBe(0);
        await c.updateOne(
          { _id: 'd' },
          { $set: { name: 'Di' }, $inc: { age: 5 } },
          { upsert: true },
        );
        expect(await c.updateMany({ age: { $gte: 30 } }, { $set: { score: 1 } })).toBe(2);
      });
      const c = store.collection<Person>(name);
      expect(await c.findOne({ _id: 'a' })).toMatchObject({
        age: 37,
        address: { city: 'Paris' },
        score: 1,
      });
      expect((await c.findOne({ _id: 'b' }))!.tags).toEqual(['math', 'music']);
      expect(await c.findOne({ _id: 'c' })).toEqual({ _id: 'c', name: 'Cy', age: 52, score: 1 });
      expect(await c.findOne({ _id: 'd' })).toEqual({ _id: 'd', name: 'Di', age: 5 });
    });

    it('replaces with upsertOne and deletes one or many', async () => {
      const name = await seeded();
      await store.transaction(async (tx) => {
        const c = tx.collection<Person>(name);
        await c.upsertOne({ _id: 'a', name: 'Ada L.', age: 37 });
        await c.upsertOne({ _id: 'e', name: 'Eve', age: 30 });
        expect(await c.deleteOne({ _id: 'b' })).toBe(1);
        expect(await c.deleteOne({ _id: 'b' })).toBe(0);
      });
      const c = store.collection<Person>(name);
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'Ada L.', age: 37 });
      await store.transaction(async (tx) => {
        expect(await tx.collection<Person>(name).deleteMany({ age: { $gte: 30 } })).toBe(3);
      });
      expect(await c.count()).toBe(0);
    });

    it('rejects a duplicate _id on insert', async () => {
      const name = await seeded();
      await expect(
        store.transaction(async (tx) =>
          tx.collection<Person>(name).insertOne({ _id: 'a', name: 'Again', age: 1 }),
        ),
      ).rejects.toThrow();
      expect((await store.collection<Person>(name).findOne({ _id: 'a' }))!.name).toBe('Ada');
    });

    it('commits a unit of work whole, and a failing one not at all', async () => {
      const name = await seeded();
      await expect(
        store.transaction(async (tx) => {
          const c = tx.collection<Person>(name);
          await c.updateOne({ _id: 'a' }, { $set: { age: 99 } });
          await c.insertOne({ _id: 'z', name: 'Zed', age: 1 });
          expect(await c.findOne({ _id: 'z' })).not.toBeNull();
          expect((await c.findOne({ _id: 'a' }))!.age).toBe(99);
          throw new Error('handler failed');
        }),
      ).rejects.toThrow('handler failed');
      const c = store.collection<Person>(name);
      expect(await c.findOne({ _id: 'z' })).toBeNull();
      expect((await c.findOne({ _id: 'a' }))!.age).toBe(36);
    });

    it('hands out copies: changing a result does not change the store', async () => {
      const c = store.collection<Person>(await seeded());
      const ada = (await c.findOne({ _id: 'a' }))!;
      ada.age = 1;
      expect((await c.findOne({ _id: 'a' }))!.age).toBe(36);
    });

    it('answers an indexed query through its index: equality, range and sort, without a scan', async () => {
      const name = collection();
      await store.ensureIndexes(name, [{ key: { group: 1, rank: 1 } }]);
      await store.transaction(async (tx) => {
        const c = tx.collection(name);
        for (let i = 0; i < 500; i++) {
          await c.insertOne({ _id: `d${i}`, group: i % 5, rank: String(i).padStart(4, '0') });
        }
      });
      const c = store.collection<Doc & { group: number; rank: string }>(name);
      const page = await c.find(
        { group: 3, rank: { $gt: '0100' } },
        { sort: { rank: 1 }, limit: 10 },
      );
      expect(page.map((d) => d.rank)).toEqual([
        '0103',
        '0108',
        '0113',
        '0118',
        '0123',
        '0128',
        '0133',
        '0138',
        '0143',
        '0148',
      ]);
      const plan = await c.explain(
        { group: 3, rank: { $gt: '0100' } },
        { sort: { rank: 1 }, limit: 10 },
      );
      expect(plan.index).not.toBeNull();
      expect(plan.examined).toBeLessThanOrEqual(10);
      const descending = await c.find({ group: 1 }, { sort: { rank: -1 }, limit: 2 });
      expect(descending.map((d) => d.rank)).toEqual(['0496', '0491']);
      expect((await c.explain({ group: 1 }, { sort: { rank: -1 }, limit: 2 })).examined).toBe(2);
      expect(await c.count({ group: 4 })).toBe(100);
      expect((await c.explain({})).index).toBeNull();
      // A list of ids is looked up, never scanned for.
      const listed = { _id: { $in: ['d7', 'd9', 'd7', 'missing'] } };
      expect((await c.find(listed, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['d7', 'd9']);
      expect(await c.count(listed)).toBe(2);
      expect((await c.explain(listed)).examined).toBeLessThanOrEqual(4);
      expect((await c.explain(listed)).index).toBe('_id');
      expect(await c.find({ _id: { $in: ['d7', 'd9'] }, group: 2 })).toHaveLength(1);
    });

    it('keeps an index right through updates, deletes and a failed unit of work', async () => {
      const name = collection();
      await store.ensureIndexes(name, [{ key: { group: 1, score: -1 } }]);
      await store.transaction(async (tx) => {
        const c = tx.collection(name);
        for (const [id, score] of [
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ] as const) {
          await c.insertOne({ _id: id, group: 1, score });
        }
      });
      await store.transaction(async (tx) => {
        await tx.collection(name).updateOne({ _id: 'a' }, { $set: { score: 10 } });
        await tx.collection(name).deleteOne({ _id: 'b' });
      });
      await expect(
        store.transaction(async (tx) => {
          await tx.collection(name).updateOne({ _id: 'c' }, { $set: { score: 99 } });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      const ids = (await store.collection(name).find({ group: 1 }, { sort: { score: -1 } })).map(
        (d) => d._id,
      );
      expect(ids).toEqual(['a', 'c']);
    });

    it('refuses a second document with the same key in a unique index', async () => {
      const name = collection();
      await store.ensureIndexes(name, [{ key: { email: 1 }, unique: true }]);
      await store.transaction(async (tx) =>
        tx.collection(name).insertOne({ _id: '1', email: 'a' }),
      );
      await expect(
        store.transaction(async (tx) => tx.collection(name).insertOne({ _id: '2', email: 'a' })),
      ).rejects.toThrow();
      expect(await store.collection(name).count()).toBe(1);
    });

    it('orders and compares strings by code point (UTF-8 bytes), as MongoDB does, and numbers before strings', async () => {
      const name = collection();
      await store.ensureIndexes(name, [{ key: { word: 1 } }]);
      const words = ['z', 'Z', 'é', '\uffff', '\u{10000}', 'a b', '', 10, 9.5, -1, null];
      await store.transaction(async (tx) => {
        for (const [i, word] of words.entries()) {
          await tx.collection(name).insertOne({ _id: `w${i}`, word });
        }
        await tx.collection(name).insertOne({ _id: 'missing' });
      });
      const c = store.collection<Doc & { word?: string | number | null }>(name);
      const order = (await c.find({}, { sort: { word: 1, _id: 1 } })).map((d) => d.word ?? null);
      expect(order).toEqual([
        null,
        null,
        -1,
        9.5,
        10,
        '',
        'Z',
        'a b',
        'z',
        'é',
        '\uffff',
        '\u{10000}',
      ]);
      const after = await c.find({ word: { $gt: '\uffff' } }, { sort: { word: -1 } });
      expect(after.map((d) => d.word)).toEqual(['\u{10000}']);
      // In a unit, by _id: the document at hand is compared as SQL compares it.
      await store.transaction(async (tx) => {
        const one = await tx.collection(name).findOne({ _id: 'w4', word: { $gt: '\uffff' } });
        expect(one).not.toBeNull();
      });
      expect(await c.count({ word: { $lt: 0 } })).toBe(1);
      expect(await c.count({ word: { $gte: '' } })).toBe(7);
    });

    it('refuses a query outside the subset, naming it, and changes nothing', async () => {
      const name = await seeded();
      const c = store.collection<Person>(name);
      // An array field (MongoDB's "any element"), an operator, a sort no index declares.
      await expect(c.find({ tags: 'math' })).rejects.toThrow(UnsupportedQueryError);
      await expect(c.find({ tags: 'math' })).rejects.toThrow(/"tags"/);
      await expect(c.count({ name: { $regex: '^A' } })).rejects.toThrow(/"\$regex"/);
      await expect(c.find({}, { sort: { tags: 1 } })).rejects.toThrow(UnsupportedQueryError);
      await expect(c.findOne({ _id: 'a', age: true })).rejects.toThrow(UnsupportedQueryError);
      await expect(
        store.transaction(async (tx) => {
          await tx.collection<Person>(name).updateOne({ _id: 'a' }, { $set: { age: 1 } });
          await tx.collection<Person>(name).deleteMany({ tags: 'art' });
        }),
      ).rejects.toThrow(UnsupportedQueryError);
      await expect(
        store.transaction(async (tx) =>
          tx.collection<Person>(name).updateOne({ _id: 'a' }, { $addToSet: { tags: 'x' } }),
        ),
      ).rejects.toThrow(UnsupportedUpdateError);
      expect((await c.findOne({ _id: 'a' }))!.age).toBe(36);
    });

    it('refuses a value a declared index may not hold: an array, a boolean, a document', async () => {
      const name = await seeded();
      const refused: ((tx: UnitOfWork) => Promise<unknown>)[] = [
        (tx: UnitOfWork) => tx.collection(name).insertOne({ _id: 'x', name: ['Ann', 'Anna'] }),
        (tx: UnitOfWork) => tx.collection(name).upsertOne({ _id: 'a', name: 'Ada', age: true }),
        (tx: UnitOfWork) =>
          tx.collection(name).updateOne({ _id: 'b' }, { $set: { address: { city: ['Oslo'] } } }),
        (tx: UnitOfWork) =>
          tx.collection(name).updateOne({ _id: 'x' }, { $push: { age: 1 } }, { upsert: true }),
      ];
      for (const write of refused) {
        await expect(store.transaction(write)).rejects.toThrow(IndexedValueError);
      }
      expect(await store.collection<Person>(name).findOne({ _id: 'a' })).toEqual(people[0]);
      expect(await store.collection<Person>(name).count()).toBe(3);
    });

    it('grants a lease to one holder at a time, renews it, and gives it up on release', async () => {
      const lease = `lease-${collection()}`;
      const first = await store.leases.acquire(lease, 'one', 60_000);
      expect(first).toMatchObject({ name: lease, owner: 'one' });
      expect(await store.leases.acquire(lease, 'two', 60_000)).toBeNull();
      const again = await store.leases.acquire(lease, 'one', 60_000);
      expect(again!.token).toBe(first!.token);
      expect(await store.leases.renew(first!, 60_000)).not.toBeNull();
      await store.leases.release(first!);
      const second = await store.leases.acquire(lease, 'two', 60_000);
      expect(second!.token).toBeGreaterThan(first!.token);
      expect(await store.leases.renew(first!, 60_000)).toBeNull();
    });

    it('refuses a unit of work fenced by a lease that changed holder', async () => {
      const lease = `fence-${collection()}`;
      const name = collection();
      const stale = (await store.leases.acquire(lease, 'one', 60_000))!;
      await store.leases.release(stale);
      await store.leases.acquire(lease, 'two', 60_000);
      await expect(
        store.transaction(async (tx) => {
          await tx.collection(name).insertOne({ _id: 'x' });
          tx.fence(stale);
        }),
      ).rejects.toThrow(LeaseLostError);
      expect(await store.collection(name).count()).toBe(0);
    });

    it('refuses a unit fenced by several leases when any one of them changed holder', async () => {
      const name = collection();
      const held = (await store.leases.acquire(`held-${name}`, 'one', 60_000))!;
      const alsoHeld = (await store.leases.acquire(`also-${name}`, 'one', 60_000))!;
      const lost = (await store.leases.acquire(`lost-${name}`, 'one', 60_000))!;
      await store.transaction(async (tx) => {
        await tx.collection(name).insertOne({ _id: 'kept' });
        tx.fence(held);
        tx.fence(alsoHeld);
        tx.fence(held);
      });
      await store.leases.release(lost);
      await store.leases.acquire(lost.name, 'two', 60_000);
      for (const fences of [
        [held, lost, alsoHeld],
        [lost, held],
      ]) {
        await expect(
          store.transaction(async (tx) => {
            await tx.collection(name).insertOne({ _id: 'refused' });
            for (const fence of fences) tx.fence(fence);
          }),
        ).rejects.toThrow(LeaseLostError);
      }
      // A lease nobody ever held fences nothing in: it is lost too.
      await expect(
        store.transaction(async (tx) => {
          await tx.collection(name).insertOne({ _id: 'refused' });
          tx.fence(held);
          tx.fence({ ...held, name: `never-${name}` });
        }),
      ).rejects.toThrow(LeaseLostError);
      expect((await store.collection(name).find({})).map((doc) => doc._id)).toEqual(['kept']);
    });

    it('finds documents by a list of ids inside a unit: stored ones, its own writes, not its removals', async () => {
      const name = collection();
      await store.ensureIndexes(name, [{ key: { n: 1 } }]);
      await store.transaction(async (tx) => {
        const c = tx.collection<Doc & { n: number }>(name);
        for (const [id, n] of [
          ['a', 1],
          ['b', 2],
          ['c', 3],
          ['d', 4],
        ] as const) {
          await c.insertOne({ _id: id, n });
        }
      });
      const seen = await store.transaction(async (tx) => {
        const c = tx.collection<Doc & { n: number }>(name);
        await c.upsertOne({ _id: 'e', n: 5 });
        await c.updateOne({ _id: 'b' }, { $set: { n: 20 } });
        await c.deleteOne({ _id: 'c' });
        const all = await c.find({ _id: { $in: ['a', 'b', 'c', 'e', 'missing', 'a'] } });
        const some = await c.find({ _id: { $in: ['a', 'b', 'd', 'e'] }, n: { $gte: 5 } });
        // What the list read is what the unit then reads by id, and writes on.
        await c.updateOne({ _id: 'a' }, { $inc: { n: 10 } });
        return {
          all: all.map((doc) => [doc._id, doc.n]).sort(),
          some: some.map((doc) => doc._id).sort(),
        };
      });
      expect(seen.all).toEqual([
        ['a', 1],
        ['b', 20],
        ['e', 5],
      ]);
      expect(seen.some).toEqual(['b', 'e']);
      const after = await store.collection<Doc & { n: number }>(name).find({});
      expect(after.map((doc) => [doc._id, doc.n]).sort()).toEqual([
        ['a', 11],
        ['b', 20],
        ['d', 4],
        ['e', 5],
      ]);
    });

    it('announces a committed unit of work, and not a failed one', async () => {
      const name = collection();
      const seen: CommitNotice[] = [];
      const subscription = store.notices.subscribe((n) => seen.push(n));
      const notice = (position: string) => ({
        projection: name,
        generation: 1,
        position,
        topics: ['t'],
      });
      await expect(
        store.transaction(async (tx) => {
          tx.notify(notice('1'));
          throw new Error('failed');
        }),
      ).rejects.toThrow();
      await store.transaction(async (tx) => {
        await tx.collection(name).insertOne({ _id: 'x' });
        tx.notify(notice('2'));
      });
      await expect.poll(() => seen.filter((n) => n.projection === name)).toEqual([notice('2')]);
      subscription.unsubscribe();
    });

    it('lists and drops collections', async () => {
      const name = await seeded();
      expect(await store.listCollections()).toContain(name);
      await store.dropCollection(name);
      expect(await store.listCollections()).not.toContain(name);
      expect(await store.collection(name).count()).toBe(0);
    });
  });
};
