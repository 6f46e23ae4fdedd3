import { describe, expect, it } from 'vitest';
import {
  chatPresence,
  PRESENCE_COLLECTION,
  PRESENCE_NOTICE,
  type PresenceEntry,
} from '../../api/live/chat-presence';
import type { CommitNotice } from '../../infra/read-store/read-store';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';

const limits = { socketsPerPerson: 2, socketsPerAddress: 3 };

const setup = async () => {
  const store = openMemoryReadStore();
  let now = Date.parse('2026-11-22T15:00:00Z');
  const presence = chatPresence(store, { ttlMs: 60_000, now: () => now });
  await presence.prepare();
  const notices: CommitNotice[] = [];
  store.notices.subscribe((notice) => notices.push(notice));
  let n = 0;
  const entry = (userId: string, processId = 'p1', addressKey = `a-${userId}`): PresenceEntry => ({
    _id: `c${++n}`,
    processId,
    userId,
    pseudonym: `Name ${userId}`,
    archetype: null,
    addressKey,
    joinedAt: new Date(now + n).toISOString(),
  });
  return {
    store,
    presence,
    notices,
    entry,
    pass: (ms: number) => {
      now += ms;
    },
  };
};

describe('live chat presence in the read store', () => {
  it('lists each person once, in the order they came, and announces every change', async () => {
    const { presence, notices, entry } = await setup();
    const first = entry('ann');
    expect(await presence.join(first, limits)).toBe('admitted');
    expect(await presence.join(entry('bob'), limits)).toBe('admitted');
    expect(await presence.join(entry('ann'), limits)).toBe('admitted');
    expect((await presence.online()).map((u) => u.id)).toEqual(['ann', 'bob']);
    await presence.leave(first._id);
    expect((await presence.online()).map((u) => u.id)).toEqual(['bob', 'ann']);
    expect(notices.map((n) => n.topics)).toEqual(Array(4).fill([PRESENCE_NOTICE]));
    // Leaving twice changes nothing, and says nothing.
    await presence.leave(first._id);
    expect(notices).toHaveLength(4);
  });

  it('admits no more sockets of one person, or of one address, than the limits allow', async () => {
    const { presence, entry } = await setup();
    expect(await presence.join(entry('ann', 'p1'), limits)).toBe('admitted');
    expect(await presence.join(entry('ann', 'p2'), limits)).toBe('admitted');
    expect(await presence.join(entry('ann', 'p3'), limits)).toBe('person-full');
    for (const who of ['x', 'y', 'z']) {
      expect(await presence.join(entry(who, 'p1', 'shared'), limits)).toBe('admitted');
    }
    expect(await presence.join(entry('w', 'p2', 'shared'), limits)).toBe('address-full');
    expect((await presence.online()).map((u) => u.id)).toEqual(['ann', 'x', 'y', 'z']);
  });

  it('lets the sockets of a process that stopped renewing lapse, and sweeps them', async () => {
    const { store, presence, notices, entry, pass } = await setup();
    const living = entry('ann', 'living');
    await presence.join(living, limits);
    await presence.join(entry('bob', 'killed'), limits);
    pass(40_000);
    await presence.renew('living', [living]);
    pass(30_000);
    // Bob's process died 70 s ago: gone from the list before anyone swept, then swept.
    expect((await presence.online()).map((u) => u.id)).toEqual(['ann']);
    const before = notices.length;
    expect(await presence.sweep()).toBe(true);
    expect(notices).toHaveLength(before + 1);
    expect(await store.collection(PRESENCE_COLLECTION).count({})).toBe(1);
    expect(await presence.sweep()).toBe(false);
    // A lapsed person's place counts no more.
    expect(await presence.join(entry('bob', 'living'), { ...limits, socketsPerPerson: 1 })).toBe(
      'admitted',
    );
  });

  it('renews exactly what a process holds: a swept socket comes back, a stray one goes', async () => {
    const { presence, entry, pass } = await setup();
    const stalled = entry('ann', 'p1');
    const stray = entry('bob', 'p1');
    await presence.join(stalled, limits);
    await presence.join(stray, limits);
    pass(61_000);
    await presence.sweep();
    expect(await presence.online()).toEqual([]);
    await presence.renew('p1', [stalled]);
    expect((await presence.online()).map((u) => u.id)).toEqual(['ann']);
    await presence.join(stray, limits);
    await presence.renew('p1', [stalled]);
    expect((await presence.online()).map((u) => u.id)).toEqual(['ann']);
  });

  it('lets a process leave all at once on a clean stop', async () => {
    const { presence, entry } = await setup();
    await presence.join(entry('ann', 'p1'), limits);
    await presence.join(entry('bob', 'p2'), limits);
    await presence.leaveAll('p1');
    expect((await presence.online()).map((u) => u.id)).toEqual(['bob']);
  });
});
