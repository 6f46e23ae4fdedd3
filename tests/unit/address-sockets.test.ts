import { describe, expect, it } from 'vitest';
import { ADDRESS_SOCKETS_COLLECTION, addressSockets } from '../../api/live/address-sockets';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';

/** Two processes sharing one read store, on a clock the test moves. */
const setup = async () => {
  const store = openMemoryReadStore();
  let now = Date.parse('2026-11-22T15:00:00Z');
  const processOf = (processId: string) =>
    addressSockets(store, { processId, ttlMs: 60_000, now: () => now });
  const first = processOf('p1');
  const second = processOf('p2');
  await first.prepare();
  return {
    store,
    first,
    second,
    pass: (ms: number) => {
      now += ms;
    },
  };
};

const admitted = async (
  counts: ReturnType<typeof addressSockets>,
  addressKey: string,
  times: number,
  limit: number,
) => {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await counts.admit(addressKey, limit));
  return answers;
};

describe('sockets per client address, over every process', () => {
  it('admits an address up to its limit on one process, and each other address apart', async () => {
    const { first } = await setup();
    expect(await admitted(first, 'a', 4, 3)).toEqual([true, true, true, false]);
    expect(await admitted(first, 'b', 3, 3)).toEqual([true, true, true]);
  });

  it('counts sockets arriving together before any is written', async () => {
    const { first } = await setup();
    const answers = await Promise.all(Array.from({ length: 6 }, () => first.admit('a', 3)));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });

  it('decides sockets arriving together in one unit, counting what another process holds, and keeps its own count exact', async () => {
    const { first, second } = await setup();
    expect(await admitted(second, 'a', 2, 5)).toEqual([true, true]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => first.admit(i % 2 ? 'a' : 'b', 5)),
    );
    // Three for 'a' (room for three beside the other's two), three for 'b'.
    expect(answers).toEqual([true, true, true, true, true, true]);
    expect(await first.admit('a', 5)).toBe(false);
    // The refused one left no trace: one released, one admitted, and no more.
    first.release('a');
    expect(await first.admit('a', 5)).toBe(true);
    expect(await first.admit('a', 5)).toBe(false);
  });

  it('holds the address to its share over both processes', async () => {
    const { first, second } = await setup();
    expect(await admitted(first, 'a', 2, 3)).toEqual([true, true]);
    expect(await admitted(second, 'a', 2, 3)).toEqual([true, false]);
    // One closes on the first process: the second learns it at the flush, not before.
    first.release('a');
    expect(await second.admit('a', 3)).toBe(false);
    await first.flush();
    expect(await second.admit('a', 3)).toBe(true);
  });

  it('lets a stopped process’s sockets lapse, and keeps a live one’s standing', async () => {
    const { store, first, second, pass } = await setup();
    expect(await admitted(first, 'a', 3, 3)).toEqual([true, true, true]);
    expect(await admitted(second, 'b', 1, 3)).toEqual([true]);
    // The first process dies (no renewal); the second renews its own all along.
    for (let i = 0; i < 3; i++) {
      pass(20_001);
      await second.renew();
    }
    expect(await second.admit('a', 3)).toBe(true);
    expect(await admitted(second, 'b', 2, 3)).toEqual([true, true]);
    expect(await second.admit('b', 3)).toBe(false);
    const left = await store.collection(ADDRESS_SOCKETS_COLLECTION).find({});
    expect(left.map((doc) => doc._id).sort()).toEqual(['p2:a', 'p2:b']);
  });

  it('leaves nothing behind when a process stops cleanly', async () => {
    const { store, first, second } = await setup();
    await admitted(first, 'a', 3, 3);
    await first.leaveAll();
    expect(await store.collection(ADDRESS_SOCKETS_COLLECTION).count({})).toBe(0);
    expect(await admitted(second, 'a', 3, 3)).toEqual([true, true, true]);
  });
});
