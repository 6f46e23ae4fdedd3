import { describe, expect, it } from 'vitest';
import { echoDecider, echoerStreamId, type ToggleEcho } from '../../domain/echoes/echoes';
import { handleCommand, type Once } from '../../domain/shared/command-handler';
import type { StreamAccess } from '../../domain/shared/events';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { newId } from '../../infra/crypto';

const rules = { timeZone: 'America/New_York', startHour: 3 };
const decider = echoDecider(rules);
const stream = echoerStreamId('bob');
const toggle: ToggleEcho = {
  type: 'ToggleEcho',
  responseId: 'r1',
  questionId: 1,
  responseAuthorId: 'alice',
  actorId: 'bob',
  at: new Date('2026-11-22T15:00:00Z'),
};

/** Ids as api/http/idempotency.ts derives them: the same key, the same ids. */
const onceFor = (key: string, request = 'fingerprint'): Once => ({
  eventId: (streamId, index) => `${key}-${streamId}-${index}`,
  request,
  field: 'Idempotency-Key',
});

const options = (once?: Once) => ({ newId, versionOf: () => 1, ...(once ? { once } : {}) });

/**
 * A store whose readers wait for each other: both have read the stream before either decides,
 * as two processes serving two tabs might (each process's own lock cannot see the other).
 */
const readingTogether = (store: StreamAccess, readers: number): StreamAccess => {
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  return {
    readStream: async (...args) => {
      const events = await store.readStream(...args);
      if (++arrived === readers) release();
      await together;
      return events;
    },
    appendToStream: (...args) => store.appendToStream(...args),
  };
};

describe('a command sent under an idempotency key', () => {
  it('is handled once when two senders read the stream before either appends', async () => {
    const store = openSqliteEventStore(openSqlite(':memory:'));
    const racing = readingTogether(store, 2);
    const once = onceFor('k1');
    const [a, b] = await Promise.all([
      handleCommand(racing, stream, decider, toggle, options(once)),
      handleCommand(racing, stream, decider, toggle, options(once)),
    ]);
    // Both decided the same echo from the same state; the store took the second as the first.
    expect([a.events[0]?.type, b.events[0]?.type]).toEqual(['EchoGiven', 'EchoGiven']);
    expect(b.position).toBe(a.position);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['EchoGiven']);
  });

  it('is answered from the stream when sent again after the first append: a toggle is not undone', async () => {
    const store = openSqliteEventStore(openSqlite(':memory:'));
    const once = onceFor('k2');
    const first = await handleCommand(store, stream, decider, toggle, options(once));
    const again = await handleCommand(store, stream, decider, toggle, options(once));
    expect(again.repeated).toBe(true);
    expect(again.events.map((e) => e.type)).toEqual(['EchoGiven']);
    expect(again.position).toBe(first.position);
    expect(again.state.echoed.has('r1')).toBe(true);
    // Without a key, the same command toggles.
    const unkeyed = await handleCommand(store, stream, decider, toggle, options());
    expect(unkeyed.events.map((e) => e.type)).toEqual(['EchoWithdrawn']);
    // The repeat after that still answers as the first sending did.
    const later = await handleCommand(store, stream, decider, toggle, options(once));
    expect(later.events.map((e) => e.type)).toEqual(['EchoGiven']);
    expect((await store.readStream(stream)).length).toBe(2);
  });

  it('refuses the key with another request, naming where the key came in', async () => {
    const store = openSqliteEventStore(openSqlite(':memory:'));
    await handleCommand(store, stream, decider, toggle, options(onceFor('k3', 'one')));
    await expect(
      handleCommand(store, stream, decider, toggle, options(onceFor('k3', 'other'))),
    ).rejects.toMatchObject({ kind: 'rejected', field: 'Idempotency-Key' });
    expect((await store.readStream(stream)).length).toBe(1);
  });
});
