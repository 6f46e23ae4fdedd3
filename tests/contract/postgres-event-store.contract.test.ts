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

describe.skipIf(!server.available)('PostgreSQL log: one batch of many appends', () => {
  it('answers each append on its own, in the order made, whichever way it was written', async () => {
    const { db, store } = await freshStore();
    try {
      await store.appendToStream('old', [event('A'), event('B')], 'no_stream');
      const again = event('C');
      await store.appendToStream('done', [again], 'no_stream');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        // One call, as the group commit makes it: new streams (one INSERT for all), a stream
        // twice (one at a time, in order), an append done before, a wrong revision, 'any' on
        // a stream with history, and a two-event append.
        const appends: [string, string, ReturnType<typeof event>[]][] = [
          ['fresh-1', 'no_stream', [event('x')]],
          ['twice', 'no_stream', [event('t1')]],
          ['done', 'no_stream', [again]],
          ['twice', '0', [event('t2')]],
          ['old', '0', [event('late')]],
          ['old', 'any', [event('any')]],
          ['fresh-2', 'no_stream', [event('y1'), event('y2')]],
          ['fresh-3', 'stream_exists', [event('z')]],
        ];
        const events = appends.flatMap(([, , list]) => list);
        const { rows } = await client.query<{
          outcome: string;
          next_revision: string | null;
          last_position: string | null;
          actual: string | null;
        }>('SELECT * FROM boon_append_batch($1, $2, $3, $4, $5, $6, $7, now())', [
          appends.map(([stream]) => stream),
          appends.map(([, expected]) => expected),
          appends.map(([, , list]) => list.length),
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ]);
        expect(rows.map((row) => [row.outcome, row.next_revision, row.actual])).toEqual([
          ['written', '0', null],
          ['written', '0', null],
          ['written', '0', null],
          ['written', '1', null],
          ['wrong-revision', null, '1'],
          ['written', '2', null],
          ['written', '1', null],
          ['wrong-revision', null, 'no_stream'],
        ]);
        // The log holds them in the order they were made, the refused ones absent.
        const log = await store.readAll({ maxCount: 100 });
        expect(log.map((e) => `${e.streamId}:${e.type}:${e.revision}`)).toEqual([
          'old:A:0',
          'old:B:1',
          'done:C:0',
          'fresh-1:x:0',
          'twice:t1:0',
          'twice:t2:1',
          'old:any:2',
          'fresh-2:y1:0',
          'fresh-2:y2:1',
        ]);
        // Each written append's last position is its last event's.
        const positions = new Map(log.map((e) => [e.type, e.position.toString()]));
        expect(rows[0]!.last_position).toBe(positions.get('x'));
        expect(rows[2]!.last_position).toBe(positions.get('C'));
        expect(rows[3]!.last_position).toBe(positions.get('t2'));
        expect(rows[6]!.last_position).toBe(positions.get('y2'));
      } finally {
        await client.end();
      }
    } finally {
      await store.close();
    }
  });
});
