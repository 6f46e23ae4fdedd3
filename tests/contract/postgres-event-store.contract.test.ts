import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EventStore, RecordedEvent } from '../../infra/event-store/event-store';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { createTestDatabase, postgresServer, type TestDatabase } from '../support/postgres';
import { describeEventStoreContract } from './event-store-contract';

const server = await postgresServer();
const skip = server.available ? {} : { skipReason: server.skipReason };
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

const freshStore = async () => {
  const db = await createTestDatabase();
  databases.push(db);
  const store = await openPostgresEventStore({ connectionString: db.url, pollIntervalMs: 50 });
  return { db, store };
};

describeEventStoreContract('PostgreSQL', async () => (await freshStore()).store, skip);

const event = (type: string) => ({ id: randomUUID(), type, data: { type }, metadata: { v: 1 } });

/** Reads a subscription into a list until `count` events came or the signal aborts. */
const collect = (store: EventStore, count: number, signal: AbortSignal) => {
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const e of store.subscribeToAll('start', signal)) {
      seen.push(e);
      if (seen.length === count) return;
    }
  })();
  return { seen, done };
};

describe.skipIf(!server.available)(
  'PostgreSQL log: a slow transaction holding a lower position',
  () => {
    let db: TestDatabase;
    let store: EventStore & { pool: pg.Pool };
    beforeAll(async () => {
      ({ db, store } = await freshStore());
    });
    afterAll(async () => {
      await store.close();
    });

    it('is never skipped: every reader delivers all events, in position order, exactly once', async () => {
      // The slow writer's transaction begins first (the lower transaction id, so the lower
      // positions) and commits last, after faster appends made higher positions visible.
      const slow = new pg.Client({ connectionString: db.url });
      await slow.connect();
      await slow.query('BEGIN');
      await slow.query(`SELECT * FROM boon_append_batch($1, $2, $3, $4, $5, $6, $7, now())`, [
        ['slow'],
        ['no_stream'],
        [2],
        [randomUUID(), randomUUID()],
        ['Slow1', 'Slow2'],
        ['{}', '{}'],
        ['{"v":1}', '{"v":1}'],
      ]);

      const abort = new AbortController();
      const early = collect(store, 7, abort.signal);
      const fast = [];
      for (let i = 0; i < 5; i++)
        fast.push(await store.appendToStream(`fast-${i}`, [event(`Fast${i}`)], 'no_stream'));
      // The fast appends are committed and acknowledged, but no reader may pass the slow one.
      await expect
        .poll(async () => (await store.readAll({ maxCount: 100 })).length, { timeout: 1000 })
        .toBe(0);
      expect(await store.headPosition()).toBeNull();
      expect(early.seen).toEqual([]);

      await slow.query('COMMIT');
      await slow.end();
      const late = collect(store, 7, abort.signal);
      await Promise.all([early.done, late.done]);
      abort.abort();

      for (const reader of [early.seen, late.seen]) {
        expect(reader.map((e) => e.type)).toEqual([
          'Slow1',
          'Slow2',
          'Fast0',
          'Fast1',
          'Fast2',
          'Fast3',
          'Fast4',
        ]);
        const positions = reader.map((e) => e.position);
        expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
        expect(new Set(positions).size).toBe(7);
      }
      expect(late.seen.at(-1)!.position).toBe(fast.at(-1)!.position);
      expect(await store.headPosition()).toBe(fast.at(-1)!.position);
    });

    it('under many concurrent writers with delays inside their transactions, no reader misses or repeats one', async () => {
      const before = await store.headPosition();
      const writers = 6;
      const perWriter = 15;
      const abort = new AbortController();
      const readers = [0, 1, 2].map(() => {
        const seen: RecordedEvent[] = [];
        const done = (async () => {
          for await (const e of store.subscribeToAll(
            before === null ? 'start' : { after: before },
            abort.signal,
          )) {
            seen.push(e);
            if (seen.length === writers * perWriter) return;
          }
        })();
        return { seen, done };
      });
      const clients = await Promise.all(
        Array.from({ length: writers }, async () => {
          const client = new pg.Client({ connectionString: db.url });
          await client.connect();
          return client;
        }),
      );
      const written: string[] = [];
      await Promise.all(
        clients.map(async (client, w) => {
          for (let i = 0; i < perWriter; i++) {
            const id = randomUUID();
            await client.query('BEGIN');
            await client.query(
              `SELECT * FROM boon_append_batch($1, $2, $3, $4, $5, $6, $7, now())`,
              [[`writer-${w}`], ['any'], [1], [id], ['Concurrent'], ['{}'], ['{"v":1}']],
            );
            // A random pause with the position held: commits come out of position order.
            await new Promise((r) => setTimeout(r, Math.random() * 15));
            await client.query('COMMIT');
            written.push(id);
          }
          await client.end();
        }),
      );
      await Promise.all(readers.map((r) => r.done));
      abort.abort();
      const expected = [...written].sort();
      for (const reader of readers) {
        expect(reader.seen.map((e) => e.id).sort()).toEqual(expected);
        const positions = reader.seen.map((e) => e.position);
        expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      }
      // Every reader saw the same order.
      expect(readers[1]!.seen.map((e) => e.id)).toEqual(readers[0]!.seen.map((e) => e.id));
      expect(readers[2]!.seen.map((e) => e.id)).toEqual(readers[0]!.seen.map((e) => e.id));
    });

    it('wakes a caught-up subscription by NOTIFY well before its poll interval', async () => {
      const slowPoll = await openPostgresEventStore({
        connectionString: db.url,
        pollIntervalMs: 60_000,
      });
      try {
        const head = await slowPoll.headPosition();
        const abort = new AbortController();
        const got = (async () => {
          for await (const e of slowPoll.subscribeToAll(
            head === null ? 'start' : { after: head },
            abort.signal,
          )) {
            return e.type;
          }
          return null;
        })();
        // Give the subscription time to catch up and wait (its listener to connect).
        await new Promise((r) => setTimeout(r, 300));
        await store.appendToStream(`notified-${randomUUID()}`, [event('Notified')], 'no_stream');
        const outcome = await Promise.race([
          got,
          new Promise((r) => setTimeout(() => r('timed out'), 10_000)),
        ]);
        abort.abort();
        expect(outcome).toBe('Notified');
      } finally {
        await slowPoll.close();
      }
    });
  },
);
