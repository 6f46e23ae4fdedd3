import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../../domain/shared/errors';
import type { EventStore, EventToAppend } from '../../infra/event-store/event-store';

const event = (type = 'ContractTested', data: unknown = { n: 1 }): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { v: 1 },
});

/**
 * The EventStore port's contract. Every adapter must pass it; stream names are
 * random so it also runs against a shared real server.
 */
export const describeEventStoreContract = (
  name: string,
  open: () => Promise<EventStore>,
  options: { skipReason?: string } = {},
) => {
  if (options.skipReason) {
    console.warn(`[contract] ${name} event store skipped: ${options.skipReason}`);
    describe.skip(`EventStore contract: ${name}`, () => {
      it('runs where the engine is reachable', () => {});
    });
    return;
  }

  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const stream = () => `contract-${randomUUID()}`;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('reads back what it appended, with revisions from 0', async () => {
      const id = stream();
      const first = event('First', { text: 'héllo', list: [1, 2], nested: { ok: true } });
      const second = event('Second');
      const result = await store.appendToStream(id, [first, second], 'no_stream');
      expect(result.nextRevision).toBe(1n);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.id, e.type, e.revision, e.streamId])).toEqual([
        [first.id, 'First', 0n, id],
        [second.id, 'Second', 1n, id],
      ]);
      expect(read[0]!.data).toEqual({ text: 'héllo', list: [1, 2], nested: { ok: true } });
      expect(read[0]!.metadata.v).toBe(1);
      expect(read[0]!.createdAt).toBeInstanceOf(Date);
      expect(read[1]!.position).toBe(result.position);
      expect(typeof read[0]!.position).toBe('bigint');
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('checks expected revisions and writes nothing when they fail', async () => {
      const id = stream();
      await expect(store.appendToStream(id, [event()], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.appendToStream(id, [event()], 0n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.readStream(id)).toEqual([]);
      await store.appendToStream(id, [event()], 'no_stream');
      await expect(store.appendToStream(id, [event()], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.appendToStream(id, [event()], 5n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.readStream(id)).toHaveLength(1);
      await store.appendToStream(id, [event()], 0n);
      await store.appendToStream(id, [event()], 'stream_exists');
      await store.appendToStream(id, [event()], 'any');
      expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    });

    it('lets exactly one of two racing appends at the same revision win', async () => {
      const id = stream();
      await store.appendToStream(id, [event()], 'no_stream');
      const results = await Promise.allSettled([
        store.appendToStream(id, [event('A')], 0n),
        store.appendToStream(id, [event('B')], 0n),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('treats a repeated append of the same event ids as done', async () => {
      const id = stream();
      const events = [event(), event()];
      const first = await store.appendToStream(id, events, 'no_stream');
      const again = await store.appendToStream(id, events, 'no_stream');
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('orders positions strictly across streams and pages through the log', async () => {
      const a = stream();
      const b = stream();
      const r1 = await store.appendToStream(a, [event()], 'no_stream');
      const r2 = await store.appendToStream(b, [event(), event()], 'no_stream');
      const r3 = await store.appendToStream(a, [event()], 0n);
      expect(r2.position).toBeGreaterThan(r1.position);
      expect(r3.position).toBeGreaterThan(r2.position);
      const page = await store.readAll({ after: r1.position, maxCount: 2 });
      expect(page).toHaveLength(2);
      expect(page.every((e) => e.position > r1.position)).toBe(true);
      expect(page[0]!.position).toBeLessThan(page[1]!.position);
      const head = await store.headPosition();
      expect(head).not.toBeNull();
      expect(head!).toBeGreaterThanOrEqual(r3.position);
    });

    it('counts the events after a position, up to a cap, whatever was refused or repeated', async () => {
      const start = await store.headPosition();
      const id = stream();
      const pair = [event(), event()];
      await store.appendToStream(id, pair, 'no_stream');
      await expect(store.appendToStream(id, [event()], 5n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await store.appendToStream(id, pair, 'no_stream');
      await Promise.allSettled([
        store.appendToStream(id, [event('A')], 1n),
        store.appendToStream(id, [event('B')], 1n),
      ]);
      await store.appendToStream(stream(), [event(), event(), event()], 'any');
      expect(await store.countEventsAfter(start, 1000)).toBe(6);
      expect(await store.countEventsAfter(start, 4)).toBe(4);
      const written = await store.readAll({
        ...(start === null ? {} : { after: start }),
        maxCount: 1000,
      });
      expect(written).toHaveLength(6);
      expect(await store.countEventsAfter(written[1]!.position, 1000)).toBe(4);
      expect(await store.countEventsAfter(await store.headPosition(), 1000)).toBe(0);
    });

    it('subscribes from a position: past events, then live ones, in order, until aborted', async () => {
      const id = stream();
      const before = await store.appendToStream(id, [event('Before')], 'no_stream');
      const past = await store.appendToStream(id, [event('Past')], 0n);
      const abort = new AbortController();
      const seen: string[] = [];
      const consumer = (async () => {
        for await (const e of store.subscribeToAll({ after: before.position }, abort.signal)) {
          if (e.streamId !== id) continue;
          seen.push(e.type);
          if (seen.length === 3) abort.abort();
        }
      })();
      await new Promise((r) => setTimeout(r, 50));
      await store.appendToStream(id, [event('Live1'), event('Live2')], past.nextRevision);
      await consumer;
      expect(seen).toEqual(['Past', 'Live1', 'Live2']);
    });

    it('subscribes from the start of the log', async () => {
      const id = stream();
      await store.appendToStream(id, [event('Only')], 'no_stream');
      const abort = new AbortController();
      let found = false;
      for await (const e of store.subscribeToAll('start', abort.signal)) {
        if (e.streamId === id) {
          found = true;
          abort.abort();
        }
      }
      expect(found).toBe(true);
    });
  });
};
