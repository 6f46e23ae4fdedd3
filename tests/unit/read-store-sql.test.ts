import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openMemoryReadStore,
  type EmbeddedReadStore,
} from '../../infra/read-store/embedded-read-store';
import { UnsupportedQueryError } from '../../infra/read-store/query/plan';
import { checkQueryProperty } from '../support/query-property';

describe('the embedded read store’s SQL agrees with MongoDB semantics (mingo)', () => {
  let store: EmbeddedReadStore;
  beforeAll(() => {
    store = openMemoryReadStore();
  });
  afterAll(() => store.close());

  it('selects, orders and pages exactly the documents MongoDB would, and refuses the rest', async () => {
    await checkQueryProperty(store, 600);
  });

  it('refuses a query outside the subset with an error naming what is outside', async () => {
    await store.ensureIndexes('refusals', [{ key: { day: 1, score: -1 } }]);
    await store.transaction(async (tx) => {
      await tx.collection('refusals').insertOne({ _id: 'a', day: 'd', score: 1, tags: ['x'] });
    });
    const c = store.collection('refusals');
    const refusals: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{ tags: 'x' }, {}, /field "tags" is in no declared index/],
      [{ day: { $regex: 'd' } }, {}, /operator "\$regex" \(on "day"\)/],
      [{ day: { toString: 1 } }, {}, /equality of "day" with a document/],
      [{ day: true }, {}, /equality on "day" takes a string, a finite number or null, not true/],
      [{ score: { $gt: null } }, {}, /\$gt on "score" takes a string or a finite number/],
      [{ score: { $in: 1 } }, {}, /\$in on "score" takes a list/],
      [{ _id: 5 }, {}, /equality on "_id" takes a string, not 5/],
      [{ $where: 'true' }, {}, /operator "\$where"/],
      [{ $or: [] }, {}, /\$or takes a non-empty list/],
      [{ 'day.0': 'd' }, {}, /field "day.0" is not a plain path/],
      [{}, { sort: { tags: 1 } }, /field "tags" is in no declared index/],
      [{}, { sort: { day: 2 } }, /sort on "day" takes 1 or -1/],
      [{}, { limit: -1 }, /limit takes a whole number/],
      [{}, { projection: { 'a.b': 1 } }, /projection of "a.b": top-level names only/],
      [{}, { projection: { day: 1, score: 0 } }, /either keeps fields or leaves them out/],
    ];
    for (const [filter, options, message] of refusals) {
      await expect(c.find(filter, options)).rejects.toThrow(UnsupportedQueryError);
      await expect(c.find(filter, options)).rejects.toThrow(message);
      await expect(
        store.transaction(async (tx) => tx.collection('refusals').find(filter, options)),
      ).rejects.toThrow(message);
    }
    // By _id too: the document is at hand, but the rest of the filter is still planned.
    await expect(c.findOne({ _id: 'a', tags: 'x' })).rejects.toThrow(/field "tags"/);
    await expect(
      store.transaction(async (tx) => tx.collection('refusals').deleteMany({ tags: 'x' })),
    ).rejects.toThrow(/field "tags"/);
    expect(await c.count()).toBe(1);
  });
});
