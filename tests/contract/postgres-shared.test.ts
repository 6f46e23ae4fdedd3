import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { commitReader, commitRecorder } from '../../infra/read-store/postgres/pg-commits';
import { COMMITS_LOCK, tableOf } from '../../infra/read-store/postgres/pg-names';
import { renderPostgres } from '../../infra/read-store/postgres/pg-plan';
import { QueryPlanner } from '../../infra/read-store/query/plan';
import {
  openPostgresReadStore,
  type PostgresReadStoreOptions,
} from '../../infra/read-store/postgres/postgres-read-store';
import type { CommitNotice, Doc, ReadStore } from '../../infra/read-store/read-store';
import { createTestDatabase, postgresServer } from '../support/postgres';

/**
 * The PostgreSQL read store shared by several processes (each its own store: own pool, own
 * listener, own cache), and what only a server engine can do to it: notifications lost,
 * connections cut, statements stuck behind a lock.
 */

const server = await postgresServer();
const database = server.available ? await createTestDatabase('boon_read_shared') : null;
afterAll(async () => {
  await database?.drop();
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const startProcess = async (
  options: Partial<PostgresReadStoreOptions> = {},
): Promise<ReadStore> => {
  const store = await openPostgresReadStore({
    connectionString: database!.url,
    poolSize: 3,
    ...options,
  });
  cleanups.push(() => store.close());
  return store;
};

/** A connection of the test's own, as an operator's psql would be. */
const admin = async () => {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
};

const notice = (projection: string, position: number): CommitNotice => ({
  projection,
  generation: 1,
  position: String(position),
  topics: [],
});

if (!server.available) console.warn(`[contract] PostgreSQL sharing skipped: ${server.skipReason}`);

/** Runs `work`, keeping in `asked` the text of each statement it sends on `collection`'s table. */
const statementsOn = async <T>(
  collection: string,
  asked: string[],
  work: () => Promise<T>,
): Promise<T> => {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text: string }];
    const text = typeof first === 'string' ? first : first.text;
    if (text.includes(tableOf(collection))) asked.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return await work();
  } finally {
    pg.Client.prototype.query = query;
  }
};

describe.skipIf(!server.available)('the PostgreSQL read store shared by several processes', () => {
  it('shows one process the documents another committed, and tells it with the notice', async () => {
    const writer = await startProcess();
    const reader = await startProcess();
    await reader.ensureIndexes('things', [{ key: { kind: 1 } }]);
    const seen: string[][] = [];
    // Read as each notice arrives: its unit's writes must be visible by then.
    reader.notices.subscribe((n) => {
      void reader
        .collection<Doc>('things')
        .find({ kind: 'y' }, { sort: { _id: 1 } })
        .then((docs) => seen.push([n.position, ...docs.map((d) => d._id)]));
    });
    await writer.transaction(async (tx) => {
      await tx.collection('things').insertOne({ _id: 'a', kind: 'x' });
      await tx.collection('things').insertOne({ _id: 'b', kind: 'y' });
      tx.notify(notice('p', 7));
    });
    await expect.poll(() => seen).toEqual([['7', 'b']]);
    await writer.transaction(async (tx) => {
      await tx.collection('things').updateOne({ _id: 'a' }, { $set: { kind: 'y' } });
      tx.notify(notice('p', 8));
    });
    await expect
      .poll(() => seen)
      .toEqual([
        ['7', 'b'],
        ['8', 'a', 'b'],
      ]);
  });

  it('delivers every commit of concurrent writers to every other process once, in commit order, with its writes visible', async () => {
    const writers = await Promise.all([startProcess(), startProcess(), startProcess()]);
    const observer = await startProcess({ pollIntervalMs: 50 });
    const arrived: string[] = [];
    const missing: string[] = [];
    observer.notices.subscribe((n) => {
      arrived.push(n.projection);
      void observer
        .collection('concurrent')
        .findOne({ _id: n.projection })
        .then((doc) => doc === null && missing.push(n.projection));
    });
    const units = writers.flatMap((store, w) =>
      Array.from({ length: 25 }, (_, i) =>
        store.transaction(async (tx) => {
          await tx.collection('concurrent').insertOne({ _id: `w${w}-${i}` });
          tx.notify(notice(`w${w}-${i}`, i));
        }),
      ),
    );
    await Promise.all(units);
    await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(75);
    expect(new Set(arrived).size).toBe(75);
    // Each writer's units commit one after another: their notices keep that order.
    for (let w = 0; w < 3; w++) {
      const own = arrived.filter((id) => id.startsWith(`w${w}-`));
      expect(own).toEqual(Array.from({ length: 25 }, (_, i) => `w${w}-${i}`));
    }
    await expect.poll(() => missing).toEqual([]);
  });

  it('numbers commit records in commit order: a record begun later waits for the earlier one to commit', async () => {
    await startProcess();
    const [one, two, reading] = [await admin(), await admin(), await admin()];
    const record = commitRecorder('writers', 1_000);
    const reader = await commitReader(reading, 'observer');
    // "first" recorded as a unit records (under the lock), its commit not yet made.
    await one.query('BEGIN');
    await one.query(
      `WITH locked AS (SELECT pg_advisory_xact_lock($1))
       INSERT INTO rm_commits (origin, notices) SELECT 'writers', $2::jsonb FROM locked`,
      [COMMITS_LOCK, JSON.stringify([notice('first', 1)])],
    );
    // "second" records and commits in one round trip, and waits for "first" to commit.
    await two.query('BEGIN');
    let recorded = false;
    const second = record(two, [notice('second', 2)]).then(() => (recorded = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Numbered after "first" and committed before it, "second" would be read first, and
    // "first" never: a reader moves past the numbers it has seen.
    expect(recorded).toBe(false);
    expect((await reader.read()).notices).toEqual([]);
    await one.query('COMMIT');
    await second;
    expect((await reader.read()).notices.map((n) => n.projection)).toEqual(['first', 'second']);
  });

  it('still delivers every commit when its notifications are lost (the listener cut again and again)', async () => {
    const writer = await startProcess();
    const observer = await startProcess({ pollIntervalMs: 100 });
    const arrived: string[] = [];
    observer.notices.subscribe((n) => arrived.push(n.position));
    const operator = await admin();
    let cutting = true;
    const cuts = (async () => {
      while (cutting) {
        await operator.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'boon-read-commits'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    for (let i = 1; i <= 30; i++) {
      await writer.transaction(async (tx) => {
        await tx.collection('lost').upsertOne({ _id: 'n', i });
        tx.notify(notice('lost', i));
      });
    }
    await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(30);
    cutting = false;
    await cuts;
    expect(arrived).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
  });

  it('walks a declared index in its order: equalities on its first fields, then a range and a page of the next, with no sort', async () => {
    const store = await startProcess();
    await store.ensureIndexes('walked', [{ key: { group: 1, kind: 1, rank: -1 } }]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 3000; i++) {
        await tx.collection('walked').insertOne({
          _id: `d${i}`,
          group: i % 3 === 0 ? null : i % 3 === 1 ? 'g' : 7,
          kind: i % 2 === 0 ? 'even' : 1.5,
          rank: i % 5 === 0 ? `r${i}` : i,
        });
      }
    });
    const operator = await admin();
    await operator.query(`ANALYZE ${tableOf('walked')}`);
    const planner = new QueryPlanner('walked', () => true);
    for (const [filter, sort] of [
      [{ group: 'g', kind: 1.5 }, { rank: -1 }],
      [{ group: 7, kind: 'even', rank: { $lt: 2000 } }, { rank: -1 }],
      [{ group: null, kind: 'even' }, { rank: 1 }],
    ] as const) {
      const { where, params, orderBy } = renderPostgres(planner.plan(filter, { sort }));
      const { rows } = await operator.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) SELECT doc FROM ${tableOf('walked')} ${where} ${orderBy} LIMIT 10`,
        params,
      );
      const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
      expect(plan).toContain('"Node Type":"Index Scan');
      expect(plan).not.toContain('"Node Type":"Sort"');
      const page = await store.collection('walked').find(filter, { sort, limit: 10 });
      expect(page).toHaveLength(10);
    }
  });

  it('lets exactly one of two processes hold a lease, and fences the other out', async () => {
    const one = await startProcess();
    const two = await startProcess();
    const held = await one.leases.acquire('fenced-p', 'one', 60_000);
    expect(await two.leases.acquire('fenced-p', 'two', 60_000)).toBeNull();
    await one.leases.release(held!);
    const taken = await two.leases.acquire('fenced-p', 'two', 60_000);
    expect(taken!.owner).toBe('two');
    await expect(
      one.transaction(async (tx) => {
        await tx.collection('fenced').insertOne({ _id: 'x' });
        tx.fence(held!);
      }),
    ).rejects.toThrow(/held by another process/);
    expect(await two.collection('fenced').count()).toBe(0);
  });

  it('gives a lease to one of many processes asking at once', async () => {
    const stores = await Promise.all(Array.from({ length: 5 }, () => startProcess()));
    const taken = await Promise.all(
      stores.map((store, i) => store.leases.acquire('contended', `p${i}`, 60_000)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('reads a collection another process dropped as empty, and as new once made again', async () => {
    const writer = await startProcess();
    const reader = await startProcess();
    await writer.transaction(async (tx) => tx.collection('gone').insertOne({ _id: 'a' }));
    expect(await reader.collection('gone').count()).toBe(1);
    await writer.dropCollection('gone');
    expect(await reader.collection('gone').count()).toBe(0);
    expect(await reader.collection('gone').findOne({ _id: 'a' })).toBeNull();
    await writer.transaction(async (tx) => tx.collection('gone').insertOne({ _id: 'b' }));
    expect((await reader.collection('gone').find({})).map((d) => d._id)).toEqual(['b']);
  });

  it('answers a request’s repeated read without the server until a notice, its own commit or the age bound says it may have changed', async () => {
    const writer = await startProcess();
    const reader = await startProcess({ answerMaxAgeMs: 60_000 });
    const heardOf = (position: string) =>
      new Promise<void>((resolve) => {
        const subscription = reader.notices.subscribe((n) => {
          if (n.position !== position) return;
          subscription.unsubscribe();
          resolve();
        });
      });
    // Once the reader has heard of the write, nothing more is coming.
    const first = heardOf('1');
    await writer.transaction(async (tx) => {
      await tx.collection('announced').insertOne({ _id: 'q', n: 1 });
      tx.notify(notice('p', 1));
    });
    await first;
    const read = () =>
      reader
        .collection<Doc & { n: number }>('announced', { announcedBy: 'p' })
        .findOne({ _id: 'q' });
    await expect.poll(read).toEqual({ _id: 'q', n: 1 });
    // Kept: the next requests ask the server nothing, and what they get is theirs to change.
    const asked: string[] = [];
    const given = await statementsOn('announced', asked, read);
    given!.n = 99;
    expect(await statementsOn('announced', asked, read)).toEqual({ _id: 'q', n: 1 });
    expect(asked).toEqual([]);
    // The same collection read as unannounced always asks.
    await statementsOn('announced', asked, () =>
      reader.collection('announced').findOne({ _id: 'q' }),
    );
    expect(asked).toHaveLength(1);

    // Another process's unit with a notice: the reader sees its write once the notice is here.
    const heard = heardOf('2');
    await writer.transaction(async (tx) => {
      await tx.collection('announced').updateOne({ _id: 'q' }, { $set: { n: 2 } });
      tx.notify(notice('p', 2));
    });
    await heard;
    expect(await read()).toEqual({ _id: 'q', n: 2 });

    // Its own unit that announces: seen at once.
    await reader.transaction(async (tx) => {
      await tx.collection('announced').updateOne({ _id: 'q' }, { $set: { n: 3 } });
      tx.notify(notice('p', 3));
    });
    expect(await read()).toEqual({ _id: 'q', n: 3 });
    // One that announces nothing (its own state, a lease) keeps what was read, and so does
    // one that announces another projection's change, here or in another process.
    await reader.transaction(async (tx) => {
      await tx.collection('unannounced').insertOne({ _id: 'state', n: 1 });
    });
    await reader.transaction(async (tx) => {
      await tx.collection('other').insertOne({ _id: 'o', n: 1 });
      tx.notify(notice('other', 4));
    });
    const heardOther = heardOf('5');
    await writer.transaction(async (tx) => {
      await tx.collection('other').insertOne({ _id: 'o2', n: 1 });
      tx.notify(notice('other', 5));
    });
    await heardOther;
    asked.length = 0;
    expect(await statementsOn('announced', asked, read)).toEqual({ _id: 'q', n: 3 });
    expect(asked).toEqual([]);
  });

  it('keeps an answer no longer than its age bound when a change goes unannounced', async () => {
    const writer = await startProcess();
    const reader = await startProcess({ answerMaxAgeMs: 300 });
    await writer.transaction(async (tx) => {
      await tx.collection('quiet').insertOne({ _id: 'q', n: 1 });
    });
    const read = () =>
      reader
        .collection<Doc & { n: number }>('quiet', { announcedBy: 'p' })
        .find({}, { sort: { _id: 1 } });
    await expect.poll(read).toEqual([{ _id: 'q', n: 1 }]);
    const kept = await read();
    await writer.transaction(async (tx) => {
      await tx.collection('quiet').updateOne({ _id: 'q' }, { $set: { n: 2 } });
    });
    const changedAt = Date.now();
    // No notice: the kept answer may still be given, never after its bound.
    await expect.poll(read, { timeout: 5_000, interval: 20 }).toEqual([{ _id: 'q', n: 2 }]);
    expect(Date.now() - changedAt).toBeLessThan(300 + 1_000);
    expect(kept).toEqual([{ _id: 'q', n: 1 }]);
  });

  it('forgets what it cached of a collection another process wrote since', async () => {
    const one = await startProcess();
    const two = await startProcess();
    const bump = (store: ReadStore) =>
      store.transaction(async (tx) => {
        const c = tx.collection<Doc & { n: number }>('counter');
        await c.updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true });
      });
    await bump(one);
    await bump(two);
    await bump(one);
    await bump(two);
    expect(await one.collection<Doc & { n: number }>('counter').findOne({ _id: 'c' })).toEqual({
      _id: 'c',
      n: 4,
    });
  });

  it('reads a table it made without asking the server for ids it never wrote, until another process writes there', async () => {
    const first = await startProcess();
    const second = await startProcess();
    // Made by `first` (a build's new generation is made so, before it is filled).
    await first.ensureIndexes('made_here', [{ key: { kind: 1 } }], { whenQueried: true });
    await first.transaction(async (tx) => {
      await tx.collection('made_here').upsertOne({ _id: 'mine', kind: 'first' });
    });
    const asked: string[] = [];
    const reads = (work: () => Promise<unknown>) => statementsOn('made_here', asked, work);
    const unread = await reads(() =>
      first.transaction((tx) => tx.collection('made_here').findOne({ _id: 'never-written' })),
    );
    expect(unread).toBeNull();
    expect(asked).toEqual([]);

    await second.transaction(async (tx) => {
      await tx.collection('made_here').upsertOne({ _id: 'theirs', kind: 'second' });
    });
    const seen = await reads(() =>
      first.transaction((tx) => tx.collection('made_here').findOne({ _id: 'theirs' })),
    );
    expect(seen).toEqual({ _id: 'theirs', kind: 'second' });
    expect(asked.length).toBeGreaterThan(0);
  });

  it('reads the documents of a list of ids in one statement inside a unit, and none of them again', async () => {
    const store = await startProcess();
    const ids = Array.from({ length: 12 }, (_, i) => `d${i}`);
    await store.transaction(async (tx) => {
      for (const id of ids) await tx.collection('listed').upsertOne({ _id: id, n: 1 });
    });
    // Another process's write: nothing of the collection is known without asking.
    const other = await startProcess();
    await other.transaction(async (tx) => {
      await tx.collection('listed').upsertOne({ _id: 'd0', n: 2 });
    });
    const asked: string[] = [];
    const found = await statementsOn('listed', asked, () =>
      store.transaction(async (tx) => {
        const listed = tx.collection<Doc & { n: number }>('listed');
        const docs = await listed.find({ _id: { $in: [...ids, 'absent'] } });
        for (const id of ids) await listed.updateOne({ _id: id }, { $inc: { n: 10 } });
        return docs;
      }),
    );
    expect(found).toHaveLength(12);
    expect(found.find((doc) => doc._id === 'd0')!.n).toBe(2);
    // One read of the list, one write of what changed (in the statement that ends the unit's
    // work): no read per id.
    expect(asked.filter((text) => text.startsWith('SELECT'))).toHaveLength(1);
    expect(asked.filter((text) => text.includes('INSERT INTO'))).toHaveLength(1);
  });

  it('runs units asked to go alongside at once, and keeps no stale copy of what one read while another wrote it', async () => {
    const store = await startProcess({ poolSize: 6 });
    await store.transaction(async (tx) => {
      await tx.collection('beside').upsertOne({ _id: 'shared', value: 1 });
    });
    let running = 0;
    let most = 0;
    const track = async <R>(work: () => Promise<R>) => {
      running++;
      most = Math.max(most, running);
      try {
        return await work();
      } finally {
        running--;
      }
    };
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    // One unit reads `shared`, then waits while another changes it and commits.
    const reader = store.transaction(
      (tx) =>
        track(async () => {
          const read = await tx.collection('beside').findOne({ _id: 'shared' });
          await written;
          await tx.collection('beside').upsertOne({ _id: 'reader', saw: read?.value ?? null });
        }),
      { alongside: true },
    );
    const writer = store.transaction(
      (tx) =>
        track(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          await tx.collection('beside').updateOne({ _id: 'shared' }, { $set: { value: 2 } });
        }),
      { alongside: true },
    );
    await writer;
    wrote();
    await reader;
    expect(most).toBe(2);
    const after = await store.transaction(async (tx) => ({
      shared: await tx.collection('beside').findOne({ _id: 'shared' }),
      reader: await tx.collection('beside').findOne({ _id: 'reader' }),
    }));
    expect(after).toEqual({
      shared: { _id: 'shared', value: 2 },
      reader: { _id: 'reader', saw: 1 },
    });
  });

  it('lets units beside each other write a shared collection without waiting for one another, and keeps no stale copy of it', async () => {
    const options = { poolSize: 6, sharedCollections: ['states'] };
    const store = await startProcess(options);
    const other = await startProcess(options);
    await store.transaction(async (tx) => {
      await tx.collection('states').upsertOne({ _id: 'a', at: 0 });
      await tx.collection('states').upsertOne({ _id: 'b', at: 0 });
    });
    // Unit A's COMMIT is held until unit B (its own state) has committed: were the shared
    // collection's version a row each locks until it commits, B would wait for A's end.
    let bCommitted!: () => void;
    const bDone = new Promise<void>((resolve) => (bCommitted = resolve));
    const query = pg.Client.prototype.query;
    let held = false;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args as [string | { text: string }];
      if (first === 'COMMIT' && !held) {
        held = true;
        const waited = Promise.race([
          bDone,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('B waited for A to commit')), 5_000),
          ),
        ]);
        return waited.then(() => (query as (...a: unknown[]) => unknown).apply(this, args));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    cleanups.push(() => {
      pg.Client.prototype.query = query;
    });
    const a = store.transaction(
      async (tx) => {
        await tx.collection('states').upsertOne({ _id: 'a', at: 1 });
        await tx.collection('kept-a').upsertOne({ _id: 'x', at: 1 });
      },
      { alongside: true },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await store.transaction(
      async (tx) => {
        await tx.collection('states').upsertOne({ _id: 'b', at: 1 });
      },
      { alongside: true },
    );
    bCommitted();
    await a;
    pg.Client.prototype.query = query;
    // Another process moves both on; this one's units read what is stored, not a copy.
    await other.transaction(async (tx) => {
      await tx.collection('states').upsertOne({ _id: 'a', at: 2 });
      await tx.collection('states').deleteOne({ _id: 'b' });
    });
    const seen = await store.transaction(async (tx) => ({
      a: await tx.collection('states').findOne({ _id: 'a' }),
      b: await tx.collection('states').findOne({ _id: 'b' }),
    }));
    expect(seen).toEqual({ a: { _id: 'a', at: 2 }, b: null });
  });

  it('learns a compound index in its fields’ order, also from a store that kept its specs as jsonb', async () => {
    const spec = { key: { questionId: 1, visibility: 1, rank: 1 } } as const;
    const indexesOn = async (name: string) => {
      const { rows } = await (
        await admin()
      ).query<{ def: string }>(
        "SELECT indexdef AS def FROM pg_indexes WHERE tablename = $1 AND indexname LIKE 'rm_i_%'",
        [tableOf(name)],
      );
      return rows.map((row) => row.def);
    };
    const first = await startProcess();
    await first.ensureIndexes('ordered', [spec]);
    // Another process reads the declaration (planning, building what is missing): the same
    // index, never a second one with its fields in another order.
    const second = await startProcess();
    await second.ensureIndexes('ordered', [spec]);
    expect(
      await second.collection('ordered').find({ questionId: 1 }, { sort: { rank: 1 } }),
    ).toEqual([]);
    const built = await indexesOn('ordered');
    expect(built).toHaveLength(1);
    expect(built[0]).toMatch(/questionId.*visibility.*rank/s);

    // A store from before: `spec` a jsonb column, which sorted the key's fields.
    const old = await createTestDatabase('boon_read_jsonb');
    cleanups.push(() => old.drop());
    const client = new pg.Client({ connectionString: old.url });
    await client.connect();
    await client.query(
      'CREATE TABLE rm_indexes (collection TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL, spec JSONB NOT NULL, PRIMARY KEY (collection, name))',
    );
    await client.query('INSERT INTO rm_indexes VALUES ($1, $2, $3::jsonb)', [
      'ordered',
      'questionId_1_visibility_1_rank_1',
      JSON.stringify(spec),
    ]);
    const sorted = (
      await client.query<{ spec: string }>('SELECT spec::text AS spec FROM rm_indexes')
    ).rows[0]!.spec;
    expect(sorted).toMatch(/"rank".*"questionId"/);
    await client.end();
    const upgraded = await openPostgresReadStore({ connectionString: old.url, poolSize: 3 });
    cleanups.push(() => upgraded.close());
    await upgraded.ensureIndexes('ordered', [spec]);
    const check = new pg.Client({ connectionString: old.url });
    await check.connect();
    const { rows } = await check.query<{ def: string }>(
      "SELECT indexdef AS def FROM pg_indexes WHERE tablename = $1 AND indexname LIKE 'rm_i_%'",
      [tableOf('ordered')],
    );
    const type = await check.query<{ type: string }>(
      "SELECT data_type AS type FROM information_schema.columns WHERE table_name = 'rm_indexes' AND column_name = 'spec'",
    );
    await check.end();
    expect(type.rows[0]!.type).toBe('json');
    expect(rows.map((row) => row.def)).toEqual([
      expect.stringMatching(/questionId.*visibility.*rank/s),
    ]);
  });

  it('fails a statement stuck behind a lock within its timeout, and serves again once the lock goes', async () => {
    const store = await startProcess({ statementTimeoutMs: 300 });
    await store.transaction(async (tx) => tx.collection('locked').insertOne({ _id: 'a' }));
    const table = (
      await (
        await admin()
      ).query<{ t: string }>(
        `SELECT tablename AS t FROM pg_tables WHERE tablename LIKE 'rm_d_locked_%'`,
      )
    ).rows[0]!.t;
    const operator = await admin();
    await operator.query('BEGIN');
    await operator.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const started = Date.now();
    await expect(store.collection('locked').findOne({ _id: 'a' })).rejects.toThrow(
      /statement timeout/,
    );
    await expect(
      store.transaction(async (tx) => tx.collection('locked').insertOne({ _id: 'b' })),
    ).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await operator.query('ROLLBACK');
    expect(await store.collection('locked').count()).toBe(1);
    await store.transaction(async (tx) => tx.collection('locked').insertOne({ _id: 'b' }));
    expect(await store.collection('locked').count()).toBe(2);
  });

  it('holds no more connections than its pool allows, however many ask at once', async () => {
    const store = await startProcess({ poolSize: 2 });
    await store.ensureIndexes('pooled', [{ key: { n: 1 } }]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.collection('pooled').insertOne({ _id: `d${i}`, n: i });
    });
    const operator = await admin();
    let done = false;
    // The other stores of this suite are closed: every session of the name is this store's.
    const sampled = (async () => {
      let most = 0;
      while (!done) {
        const { rows } = await operator.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'boon-read-store'`,
        );
        most = Math.max(most, rows[0]!.n);
      }
      return most;
    })();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.collection('pooled').find({ n: { $gte: i % 50 } }, { sort: { n: 1 }, limit: 5 }),
      ),
    );
    done = true;
    expect(answers.map((docs) => docs.length)).toEqual(
      Array.from({ length: 200 }, (_, i) => Math.min(5, 50 - (i % 50))),
    );
    const most = await sampled;
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('goes on after its connections are cut mid-unit: the unit fails whole, the next one succeeds', async () => {
    const store = await startProcess();
    const operator = await admin();
    await expect(
      store.transaction(async (tx) => {
        await tx.collection('cut').insertOne({ _id: 'a' });
        await tx.collection('cut').count();
        await operator.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'boon-read-store'`,
        );
        await tx.collection('cut').insertOne({ _id: 'b' });
        await tx.collection('cut').count();
      }),
    ).rejects.toThrow();
    expect(await store.collection('cut').count()).toBe(0);
    await store.transaction(async (tx) => tx.collection('cut').insertOne({ _id: 'c' }));
    expect((await store.collection('cut').find({})).map((d) => d._id)).toEqual(['c']);
  });

  it('says so when it keeps failing to read the other processes’ commits', async () => {
    const warnings: string[] = [];
    await startProcess({
      pollIntervalMs: 5,
      onWarning: (_error, message) => warnings.push(message),
    });
    const operator = await admin();
    await operator.query('ALTER TABLE rm_commits RENAME TO rm_commits_away');
    cleanups.push(async () => {
      await operator.query('ALTER TABLE rm_commits_away RENAME TO rm_commits');
    });
    await expect
      .poll(() => warnings, { timeout: 5_000 })
      .toContainEqual(expect.stringMatching(/could not be read 20 times in a row/));
  });
});
