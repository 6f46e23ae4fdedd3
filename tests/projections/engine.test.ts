import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Doc } from '../../infra/read-store/read-store';
import type { EventStore, SubscriptionStart } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { CommitNotice, ReadStore } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import { collection, projection, type Projection } from '../../projections/engine/define';
import { ProjectionEngine, type EngineOptions } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import { projectionStatus } from '../../projections/engine/status';
import { answersLogInMemory, appendEvents, seedHistory, submission } from '../support/seed';
import { CheckpointBatcher } from '../../projections/engine/checkpoints';
import { STATE_COLLECTION, type StateDoc } from '../../projections/engine/state';
import { reactor } from '../../projections/engine/reactor';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const open = (file = ':memory:') => {
  const db = openSqlite(file);
  const readDb = openSqlite(file === ':memory:' ? file : `${file}.read-models`);
  const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
  const readStore = openEmbeddedReadStore(readDb, { pollIntervalMs: 5 });
  cleanups.push(async () => {
    await events.close();
    await readStore.close();
    db.close();
    readDb.close();
  });
  // `db`: the read models' file (leases, commit records).
  return { db: readDb, events, readStore };
};

const start = async (
  events: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[] = allProjections,
  options: EngineOptions = {},
) => {
  const readModels = new StoreReadModels(readStore, projections, 50);
  await readModels.start();
  const engine = new ProjectionEngine(events, readStore, projections, silentLogger(), {
    batchSize: 7,
    leaseCheckMs: 50,
    dropDelayMs: 0,
    readModels,
    ...options,
  });
  await engine.start();
  cleanups.push(async () => {
    await engine.stop();
    readModels.stop();
  });
  return { engine, readModels };
};

const caughtUp = async (
  readModels: StoreReadModels,
  events: EventStore,
  names = readModels.projections.map((p) => p.name),
) => {
  const head = await events.headPosition();
  expect(await readModels.waitFor(head ?? 0n, names, 5000)).toBe(true);
};

/** Every read model, sorted, as plain data: what two runs must agree on. */
const snapshot = async (readModels: StoreReadModels) => {
  const out: Record<string, unknown[]> = {};
  for (const name of ['questions', 'responses', 'response_questions', 'devices', 'pseudonyms']) {
    out[name] = await readModels.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
};

/** A store whose subscription delivers every event twice, as an at-least-once transport may. */
const deliveringTwice = (inner: EventStore): EventStore => ({
  ...inner,
  async *subscribeToAll(from: SubscriptionStart, signal: AbortSignal) {
    for await (const event of inner.subscribeToAll(from, signal)) {
      yield event;
      yield event;
    }
  },
});

/**
 * A process that can die: from `die()` on, it gives no lease up (a killed process never gets
 * to), so its leases pass to another only once they expire.
 */
const mortal = <T extends { readStore: ReadStore }>(process: T) => {
  let dead = false;
  const { leases } = process.readStore;
  const readStore: ReadStore = {
    ...process.readStore,
    leases: { ...leases, release: (lease) => (dead ? Promise.resolve() : leases.release(lease)) },
  };
  return { ...process, readStore, die: () => void (dead = true) };
};

/** Counts every event it is handed, with an update that is not idempotent. */
const tally = (name = 'tally') =>
  projection({
    name,
    version: 1,
    collections: { [name]: collection<Doc & { responses: number }>() },
    on: {
      ResponseSubmitted: async (_event, db) => {
        await db[name]!.updateOne({ _id: 'all' }, { $inc: { responses: 1 } }, { upsert: true });
      },
    },
  });

describe('the projection engine', () => {
  it('builds the same read model when every event is delivered twice', async () => {
    const once = open();
    await seedHistory(once.events);
    const single = await start(once.events, once.readStore);
    await caughtUp(single.readModels, once.events);

    const twice = open();
    await seedHistory(twice.events);
    const doubled = await start(deliveringTwice(twice.events), twice.readStore);
    await caughtUp(doubled.readModels, twice.events);

    const [a, b] = [await snapshot(single.readModels), await snapshot(doubled.readModels)];
    expect(a.responses!.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it('takes what the log delivered together as one batch, not a batch per event', async () => {
    const { events, readStore } = open();
    const batches: number[] = [];
    const { readModels } = await start(events, readStore, [tally()], {
      batchSize: 500,
      observer: {
        batchCommitted: (name, applied) => {
          if (name === 'tally') batches.push(applied);
        },
      },
    });
    await appendEvents(
      events,
      'responder-many',
      Array.from({ length: 40 }, (_, i) =>
        submission(`r${i}`, 1, `a${i}`, '2026-11-21T12:00:00.000Z'),
      ),
    );
    await caughtUp(readModels, events);
    // The observer hears of a batch just after its commit's notice.
    await expect.poll(() => batches.reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(batches.length).toBeLessThanOrEqual(2);
  });

  it('applies a redelivered event once even to a handler that is not idempotent', async () => {
    const { events, readStore } = open();
    await seedHistory(events, 12);
    const counting = tally();
    const { readModels } = await start(deliveringTwice(events), readStore, [counting]);
    await caughtUp(readModels, events);
    expect(await readModels.collection('tally').findOne({ _id: 'all' })).toEqual({
      _id: 'all',
      responses: 12,
    });
  });

  it('rebuilds into a fresh generation that equals incremental processing, while serving', async () => {
    const { events, readStore } = open();
    await seedHistory(events);
    const { engine, readModels } = await start(events, readStore);
    await caughtUp(readModels, events);
    const incremental = await snapshot(readModels);

    const report = await engine.rebuild('responses-by-question');
    expect(report.generation).toBe(2);
    expect(report.events).toBeGreaterThan(40);
    await caughtUp(readModels, events);
    expect(readModels.generationOf('responses-by-question')).toBe(2);
    expect(await snapshot(readModels)).toEqual(incremental);
    await expect
      .poll(async () =>
        (await readStore.listCollections()).filter((c) => c.startsWith('responses_g')),
      )
      .toEqual(['responses_g2']);

    // The live loop runs again after the swap.
    await appendEvents(events, 'responder-late', [
      submission('late', 2, 'late', '2026-11-22T23:00:00.000Z'),
    ]);
    await caughtUp(readModels, events);
    expect(await readModels.collection('responses').findOne({ _id: 'late' })).not.toBeNull();
  });

  it('drops the generations a stopped process left behind, never one rebuilt since', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-engine-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'boon.sqlite');
    const generations = async (readStore: ReadStore) =>
      (await readStore.listCollections()).filter((c) => /^responses_g\d+$/.test(c)).sort();

    // A process stopped before the replaced generation's drop was due: generation 1 stays.
    const first = open(file);
    await seedHistory(first.events);
    const one = await start(first.events, first.readStore, allProjections, {
      dropDelayMs: 60_000,
    });
    await caughtUp(one.readModels, first.events);
    const incremental = await snapshot(one.readModels);
    await one.engine.rebuild('responses-by-question');
    await one.engine.stop();
    // ...and a rebuild cut short left generation 3 half made.
    await first.readStore.transaction(async (tx) => {
      await tx.collection('responses_g3').upsertOne({ _id: 'half-made' });
    });
    expect(await generations(first.readStore)).toEqual([
      'responses_g1',
      'responses_g2',
      'responses_g3',
    ]);

    // The next process to take the projection plans to drop both. Before the drop is due, a
    // rebuild makes generation 3 again: that one is live when the drop comes, and stays.
    const second = open(file);
    const two = await start(second.events, second.readStore, allProjections, {
      dropDelayMs: 400,
    });
    await caughtUp(two.readModels, second.events);
    const report = await two.engine.rebuild('responses-by-question');
    expect(report.generation).toBe(3);
    await expect.poll(() => generations(second.readStore)).toEqual(['responses_g3']);
    // Every drop planned so far came due (generation 3's among them) and was made or spared.
    await two.engine.dropsSettled();
    expect(await generations(second.readStore)).toEqual(['responses_g3']);
    expect(two.readModels.generationOf('responses-by-question')).toBe(3);
    expect(await snapshot(two.readModels)).toEqual(incremental);
  });

  it('leaves a planned drop to the new holder once the projection moved away', async () => {
    const { db, events, readStore } = open();
    await seedHistory(events);
    const { engine, readModels } = await start(events, readStore, allProjections, {
      dropDelayMs: 400,
    });
    await caughtUp(readModels, events);
    await engine.rebuild('responses-by-question');
    // Another process takes the lease before the replaced generation's drop is due: what it
    // builds is no longer this process's to judge.
    db.prepare(
      `UPDATE read_leases SET owner = 'elsewhere', token = token + 1, expires_at = ?
       WHERE name = 'responses-by-question'`,
    ).run(Date.now() + 60_000);
    await expect.poll(() => engine.held().includes('responses-by-question')).toBe(false);
    // The drop of generation 1 came due and left it.
    await engine.dropsSettled();
    expect(
      (await readStore.listCollections()).filter((c) => /^responses_g\d+$/.test(c)).sort(),
    ).toEqual(['responses_g1', 'responses_g2']);
  });

  it('resumes from its checkpoint after a restart, applying each event once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-engine-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'boon.sqlite');
    const applied: string[] = [];
    const counting = projection({
      name: 'counting',
      version: 1,
      collections: { seen: collection() },
      on: {
        ResponseSubmitted: async (event, db) => {
          applied.push(event.id);
          await db.seen.upsertOne({ _id: event.id });
        },
      },
    });

    const first = open(file);
    await seedHistory(first.events, 10);
    const one = await start(first.events, first.readStore, [counting]);
    await caughtUp(one.readModels, first.events);
    await one.engine.stop();
    expect(applied).toHaveLength(10);

    const second = open(file);
    await appendEvents(second.events, 'responder-new', [
      submission('new', 1, 'new', '2026-11-21T10:00:00.000Z'),
    ]);
    const two = await start(second.events, second.readStore, [counting]);
    await caughtUp(two.readModels, second.events);
    expect(applied).toHaveLength(11);
    expect(new Set(applied).size).toBe(11);
    expect(await two.readModels.collection('seen').count()).toBe(11);
  });

  it('says while a deploy rebuilds a changed projection that the serving generation is the earlier version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-engine-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'boon.sqlite');
    const first = open(file);
    await seedHistory(first.events, 10);
    const one = await start(first.events, first.readStore, [tally()]);
    await caughtUp(one.readModels, first.events);
    expect(one.readModels.servesEarlierVersion('tally')).toBe(false);
    await one.engine.stop();

    // Version 2 of the same projection, whose rebuild is held until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const second = open(file);
    const changed = projection({
      name: 'tally',
      version: 2,
      collections: { tally: collection<Doc & { responses: number }>() },
      on: {
        ResponseSubmitted: async (_event, db) => {
          await held;
          await db.tally!.updateOne({ _id: 'all' }, { $inc: { responses: 1 } }, { upsert: true });
        },
      },
    });
    const two = await start(second.events, second.readStore, [changed]);
    expect(two.readModels.servesEarlierVersion('tally')).toBe(true);
    release();
    await expect.poll(() => two.readModels.servesEarlierVersion('tally')).toBe(false);
    await caughtUp(two.readModels, second.events);
    expect(two.readModels.generationOf('tally')).toBe(2);
  });

  it('reports position and lag, and announces each commit with the topics it changed', async () => {
    const { events, readStore } = open();
    const { engine, readModels } = await start(events, readStore);
    const notice = firstValueFrom(
      readModels.notices.pipe(filter((n) => n.topics.includes('responses:2'))),
    );
    await seedHistory(events, 2);
    expect((await notice).projection).toBe('responses-by-question');
    await caughtUp(readModels, events);
    // Readers here learn a checkpoint moved past what a projection ignores before it is stored.
    const status = () => projectionStatus(events, readStore, allProjections, engine);
    await expect
      .poll(async () => (await status()).map((s) => s.lagEvents))
      .toEqual(allProjections.map(() => 0));
    expect((await status()).every((s) => s.state === 'live')).toBe(true);
    expect((await status())[0]!.checkpoint).toBe((await events.headPosition())!.toString());
  });

  it('moves the checkpoints of the projections an event does not concern in one unit of work', async () => {
    const { db, events, readStore } = open();
    const { readModels } = await start(events, readStore);
    // Every projection, concerned or not, stands at the head in the store (those an event does
    // not concern are told to this process's readers first, and stored a moment later).
    const storedAtHead = async () => {
      await caughtUp(readModels, events);
      const head = String(await events.headPosition());
      const stored = async () => {
        const states = await readStore.collection<StateDoc>(STATE_COLLECTION).find({});
        return allProjections.map((p) => states.find((s) => s._id === p.name)?.checkpoint);
      };
      await expect.poll(stored).toEqual(allProjections.map(() => head));
    };
    await seedHistory(events, 2);
    await storedAtHead();
    const commits = () =>
      db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM rm_commits').get()!.n;
    const before = commits();
    await appendEvents(events, 'responder-one-more', [
      submission('one-more', 2, 'one-more', '2026-11-22T23:00:00.000Z'),
    ]);
    await storedAtHead();
    const concerned = allProjections.filter((p) => p.handles.has('ResponseSubmitted')).length;
    expect(allProjections.length).toBeGreaterThan(concerned + 1);
    expect(commits() - before).toBeLessThanOrEqual(concerned + 1);
  });

  it('never moves a stored checkpoint back, nor one of another generation', async () => {
    const readStore = openMemoryReadStore();
    const checkpoints = new CheckpointBatcher(readStore, silentLogger());
    const advance = { projection: 'p', stateId: 'p', generation: 2, version: 1, lease: null };
    await readStore.transaction(async (tx) => {
      await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne({
        _id: 'p',
        generation: 2,
        checkpoint: '10',
        version: 1,
        updatedAt: '2026-11-22T00:00:00.000Z',
      });
    });
    const stored = () => readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: 'p' });
    checkpoints.advance({ ...advance, checkpoint: 5n });
    await checkpoints.flush();
    expect(await stored()).toMatchObject({ checkpoint: '10' });
    checkpoints.advance({ ...advance, generation: 1, checkpoint: 12n });
    await checkpoints.flush();
    expect(await stored()).toMatchObject({ checkpoint: '10', generation: 2 });
    checkpoints.advance({ ...advance, checkpoint: 11n });
    checkpoints.advance({ ...advance, checkpoint: 13n });
    await checkpoints.flush();
    expect(await stored()).toMatchObject({ checkpoint: '13', generation: 2 });
  });

  it('tries a refused checkpoint advance again, so a log that goes still leaves none behind', async () => {
    const inner = openMemoryReadStore();
    let refusals = 1;
    const readStore: ReadStore = {
      ...inner,
      transaction: (work) => {
        if (refusals-- > 0) return Promise.reject(new Error('database is locked'));
        return inner.transaction(work);
      },
    };
    const checkpoints = new CheckpointBatcher(readStore, silentLogger());
    checkpoints.advance({
      projection: 'p',
      stateId: 'p',
      generation: 1,
      version: 1,
      lease: null,
      checkpoint: 7n,
    });
    await expect
      .poll(
        async () =>
          (await inner.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: 'p' }))?.checkpoint,
      )
      .toBe('7');
  });

  it('lets a slow projection fall behind without holding up the others', async () => {
    const { events, readStore } = open();
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let slowHandled = 0;
    const slow = projection({
      name: 'slow',
      version: 1,
      collections: { slow: collection() },
      on: {
        ResponseSubmitted: () => {
          busy(10);
          slowHandled++;
        },
      },
    });
    const fast = tally('fast');
    await seedHistory(events, 60);
    const { readModels } = await start(events, readStore, [slow, fast], {
      tailCapacity: 20,
      batchSize: 500,
      maxBatchMs: 30,
      catchUpUnitMs: 30,
    });
    await caughtUp(readModels, events, ['fast']);
    // Held to the slow one's pace, the fast one could be at most a window (20) ahead of it.
    expect(slowHandled).toBeLessThan(30);
    await caughtUp(readModels, events, ['slow', 'fast']);
    expect(await readModels.collection('fast').findOne({ _id: 'all' })).toMatchObject({
      responses: 60,
    });
  });

  it('makes a failing handler visible in the status, backs off, and goes on once it is fixed', async () => {
    const { events, readStore } = open();
    let broken = true;
    const fragile = projection({
      name: 'fragile',
      version: 1,
      collections: { fragile: collection() },
      on: {
        ResponseSubmitted: () => {
          if (broken) throw new Error('handler broke on purpose');
        },
      },
    });
    const { engine, readModels } = await start(events, readStore, [fragile]);
    await seedHistory(events, 3);
    await expect
      .poll(async () => (await projectionStatus(events, readStore, [fragile], null))[0]!.lastError)
      .toBe('handler broke on purpose');
    expect(
      (await projectionStatus(events, readStore, [fragile], engine))[0]!.lagEvents,
    ).toBeGreaterThan(0);
    broken = false;
    await caughtUp(readModels, events);
    expect((await projectionStatus(events, readStore, [fragile], null))[0]!.lastError).toBeNull();
  });

  it('reports a failing subscription (an event it cannot read) instead of looking healthy', async () => {
    const { events, readStore } = open();
    const failing: EventStore = {
      ...events,
      // eslint-disable-next-line require-yield
      async *subscribeToAll() {
        throw new Error('No upcaster for ResponseSubmitted v9');
      },
    };
    // It never reaches the head: its stop need not wait for that.
    const { engine } = await start(failing, readStore, [tally()], { drainMs: 100 });
    await seedHistory(events, 1);
    await expect
      .poll(
        async () => (await projectionStatus(events, readStore, [tally()], engine))[0]!.lastError,
      )
      .toBe('No upcaster for ResponseSubmitted v9');
  });
});

describe('projection leases', () => {
  it('runs each projection in exactly one of two processes, and moves it when the holder dies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-lease-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'boon.sqlite');
    const a = mortal(open(file));
    const b = mortal(open(file));
    const counting = tally();
    const first = await start(a.events, a.readStore, [counting], { leaseTtlMs: 400 });
    const second = await start(b.events, b.readStore, [counting], { leaseTtlMs: 400 });
    expect([...first.engine.held(), ...second.engine.held()]).toEqual(['tally']);
    await seedHistory(a.events, 20);
    await caughtUp(second.readModels, b.events);

    // The holder dies without giving its lease up: the other takes over after the lease time.
    const [holder, survivor] = first.engine.held().length ? [a, second] : [b, first];
    holder.die();
    await (holder === a ? first : second).engine.stop();
    await expect.poll(() => survivor.engine.held(), { timeout: 5000 }).toEqual(['tally']);
    await seedHistory(a.events, 5);
    await caughtUp(survivor.readModels, a.events);
    expect(await survivor.readModels.collection('tally').findOne({ _id: 'all' })).toMatchObject({
      responses: 25,
    });
  });

  it('refuses a commit from a process whose lease changed holder, and writes nothing of it', async () => {
    const { readStore } = open();
    const stale = await readStore.leases.acquire('p', 'one', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await readStore.leases.acquire('p', 'two', 10_000);
    expect(fresh!.token).toBe(stale!.token + 1);
    await expect(
      readStore.transaction(async (tx) => {
        await tx.collection('fenced').upsertOne({ _id: 'x', by: 'stale' });
        tx.fence(stale!);
      }),
    ).rejects.toThrow(/held by another process/);
    expect(await readStore.collection('fenced').findOne({ _id: 'x' })).toBeNull();
    expect(await readStore.leases.renew(stale!, 1000)).toBeNull();
  });
});

describe('a first build of a long log', () => {
  it('builds never-built projections through the rebuild path, equal to a build batch by batch', async () => {
    const live = open();
    await seedHistory(live.events);
    const { readModels: batchByBatch } = await start(live.events, live.readStore);
    await caughtUp(batchByBatch, live.events);
    const expected = await snapshot(batchByBatch);

    const { events, readStore } = open();
    await seedHistory(events);
    const rebuilt = new Set<string>();
    const batches = new Set<string>();
    const { readModels } = await start(events, readStore, allProjections, {
      firstBuildFrom: 20,
      observer: {
        batchCommitted: (name, _events, _seconds, rebuild) =>
          (rebuild ? rebuilt : batches).add(name),
      },
    });
    await caughtUp(readModels, events);
    expect(await snapshot(readModels)).toEqual(expected);
    expect(readModels.generationOf('responses-by-question')).toBe(1);
    expect(rebuilt).toContain('responses-by-question');
    expect(rebuilt).toContain('progress');
    expect(batches).not.toContain('responses-by-question');

    // And live after the build: a new answer reaches the rebuilt read model.
    await appendEvents(events, 'responder-late', [
      submission('late', 1, 'late', '2026-11-21T23:00:00.000Z'),
    ]);
    await caughtUp(readModels, events);
    expect(await readModels.collection('responses').findOne({ _id: 'late' })).not.toBeNull();
  });
});

describe('a first build stopped half-way', () => {
  it('ends at its next event, leaves nothing running on the closed store, and the next start resumes it', async () => {
    const { store: events, write } = answersLogInMemory(cleanups);
    await write(0, 120);
    const dir = mkdtempSync(join(tmpdir(), 'boon-engine-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'read-models.sqlite');
    // A projection slow enough to be stopped in the middle of its build.
    const slow = projection({
      name: 'slow',
      version: 1,
      collections: { seen: collection<Doc>() },
      on: {
        ResponseSubmitted: async ({ data }, db) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          await db.seen.upsertOne({ _id: data.responseId });
        },
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    cleanups.push(() => void process.off('unhandledRejection', onUnhandled));
    const options: EngineOptions = {
      firstBuildFrom: 20,
      rebuildPageSize: 10,
      rebuildUnitMs: 30,
      leaseCheckMs: 50,
    };
    const applied = (counter: { events: number }): EngineOptions['observer'] => ({
      batchCommitted: (_name, count) => void (counter.events += count),
    });

    const firstDb = openSqlite(file);
    const firstStore = openEmbeddedReadStore(firstDb, { pollIntervalMs: 5 });
    const before = { events: 0 };
    const first = new ProjectionEngine(events, firstStore, [slow], silentLogger(), {
      ...options,
      observer: applied(before),
    });
    await first.start();
    await expect.poll(() => before.events, { timeout: 10_000 }).toBeGreaterThan(20);
    await first.stop();
    const stoppedAt = before.events;
    await firstStore.close();
    firstDb.close();
    expect(stoppedAt).toBeLessThan(120);

    const secondDb = openSqlite(file);
    const secondStore = openEmbeddedReadStore(secondDb, { pollIntervalMs: 5 });
    cleanups.push(async () => {
      await secondStore.close();
      secondDb.close();
    });
    const after = { events: 0 };
    const second = new ProjectionEngine(events, secondStore, [slow], silentLogger(), {
      ...options,
      observer: applied(after),
    });
    cleanups.push(() => second.stop());
    await second.start();
    // The lease was released at the stop: taken at once, the build resumed where it ended.
    await expect
      .poll(
        async () =>
          (await secondStore.collection('projection_state').findOne({ _id: 'slow' }))?.checkpoint,
        {
          timeout: 10_000,
        },
      )
      .toBe(String(await events.headPosition()));
    expect(await secondStore.collection('seen_g1').count()).toBe(120);
    expect(stoppedAt + after.events).toBe(120);
    // Nothing of the first build ran on after its stop, all the while the second one ran: a
    // unit on the closed store would have been refused, unhandled.
    expect(unhandled).toEqual([]);
  });
});

describe('an operator rebuild stopped half-way', () => {
  it('is resumed by whoever takes the lease next, from where it ended, and swapped in', async () => {
    const { store: events, write } = answersLogInMemory(cleanups);
    await write(0, 120);
    const dir = mkdtempSync(join(tmpdir(), 'boon-engine-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'read-models.sqlite');
    let slowly = false;
    const seen = projection({
      name: 'seen',
      version: 1,
      collections: { seen: collection<Doc>() },
      on: {
        ResponseSubmitted: async ({ data }, db) => {
          if (slowly) await new Promise((resolve) => setTimeout(resolve, 2));
          await db.seen.upsertOne({ _id: data.responseId });
        },
      },
    });
    const options: EngineOptions = {
      rebuildPageSize: 10,
      rebuildUnitMs: 30,
      leaseCheckMs: 50,
      dropDelayMs: 0,
    };
    const rebuilt = { events: 0 };
    const observer: EngineOptions['observer'] = {
      batchCommitted: (_name, count, _seconds, rebuild) => {
        if (rebuild) rebuilt.events += count;
      },
    };
    const firstDb = openSqlite(file);
    const firstStore = openEmbeddedReadStore(firstDb, { pollIntervalMs: 5 });
    const first = new ProjectionEngine(events, firstStore, [seen], silentLogger(), {
      ...options,
      observer,
    });
    await first.start();
    const head = String(await events.headPosition());
    const state = (store: ReadStore, id: string) =>
      store.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: id });
    await expect.poll(async () => (await state(firstStore, 'seen'))?.checkpoint).toBe(head);

    // Asked to rebuild, it stops (a SIGTERM) a few units into generation 2.
    slowly = true;
    const asked = first.rebuild('seen');
    await expect.poll(() => rebuilt.events, { timeout: 10_000 }).toBeGreaterThan(20);
    await first.stop();
    await expect(asked).rejects.toThrow('The projection engine stopped');
    const stoppedAt = rebuilt.events;
    expect(stoppedAt).toBeLessThan(120);
    expect(await state(firstStore, 'seen#rebuild')).toMatchObject({
      generation: 2,
      checkpoint: expect.any(String),
    });
    await firstStore.close();
    firstDb.close();

    // The next holder goes on with generation 2 from its checkpoint and swaps it in.
    const secondDb = openSqlite(file);
    const secondStore = openEmbeddedReadStore(secondDb, { pollIntervalMs: 5 });
    cleanups.push(async () => {
      await secondStore.close();
      secondDb.close();
    });
    const second = new ProjectionEngine(events, secondStore, [seen], silentLogger(), {
      ...options,
      observer,
    });
    cleanups.push(() => second.stop());
    await second.start();
    await expect
      .poll(async () => (await state(secondStore, 'seen'))?.generation, { timeout: 10_000 })
      .toBe(2);
    expect(await state(secondStore, 'seen')).toMatchObject({ checkpoint: head });
    expect(await state(secondStore, 'seen#rebuild')).toBeNull();
    expect(rebuilt.events).toBe(120);
    expect(await secondStore.collection('seen_g2').count()).toBe(120);
    // The generation it replaced goes, once nothing reads it.
    await expect
      .poll(async () => (await secondStore.listCollections()).filter((c) => c.startsWith('seen_')))
      .toEqual(['seen_g2']);
  });
});

describe('reactors', () => {
  /** Asks for an award per answer, reading the answer's read model (which must hold it). */
  const awarding = () =>
    reactor({
      name: 'awarding',
      reads: [responsesByQuestionProjection],
      on: {
        ResponseSubmitted: async ({ id, data }, context) => {
          const answer = await context
            .read(responsesByQuestionProjection)
            .responses.findOne({ _id: data.responseId });
          context.dispatch({ type: 'Award', causationId: id, found: answer !== null });
        },
      },
    });

  const submittedIds = async (events: EventStore) =>
    (await events.readAll({ maxCount: 1000 }))
      .filter((e) => e.type === 'ResponseSubmitted')
      .map((e) => e.id);

  it('react to each event after the projections they read applied it, again after a failure, and only then move on', async () => {
    const { events, readStore } = open();
    const asked: { causationId: string; found: unknown }[] = [];
    let failures = 1;
    const { engine, readModels } = await start(events, readStore, allProjections, {
      reactors: [awarding()],
      dispatch: async (reactions) => {
        if (failures-- > 0) throw new Error('command side unavailable');
        asked.push(...reactions.map((r) => ({ causationId: r.causationId, found: r.found })));
      },
    });
    await seedHistory(events, 5);
    const submitted = await submittedIds(events);
    await expect.poll(() => asked.length).toBe(submitted.length);
    // The failed batch moved nothing: its reactions were asked for again, each answer once
    // it could be read.
    expect(asked.map((a) => a.causationId)).toEqual(submitted);
    // Read once the projections it reads applied at least that event: every answer is found
    // but one deleted later in a batch those projections had applied by then (how the log is
    // cut into batches decides which, so only that direction is certain).
    const log = await events.readAll({ maxCount: 1000 });
    const deleted = new Set(
      log
        .filter((e) => e.type === 'ResponseDeleted')
        .map((e) => (e.data as { responseId: string }).responseId),
    );
    const answerOf = new Map(
      log.map((e) => [e.id, (e.data as { responseId?: string }).responseId]),
    );
    const missed = asked.filter((a) => !a.found).map((a) => answerOf.get(a.causationId));
    expect(missed.filter((id) => !deleted.has(id!))).toEqual([]);
    await caughtUp(readModels, events);
    await expect
      .poll(
        async () =>
          (await readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: 'awarding' }))
            ?.checkpoint,
      )
      .toBe(String(await events.headPosition()));
    // A rebuild of the projections it reads asks for nothing again.
    await engine.rebuild('responses-by-question');
    await appendEvents(events, 'responder-late', [
      submission('late', 2, 'late', '2026-11-22T23:00:00.000Z'),
    ]);
    await expect.poll(() => asked.length).toBe(submitted.length + 1);
    expect(engine.heldReactors()).toEqual(['awarding']);
  });

  it('start at the head of the log when first deployed: history is never reacted to again', async () => {
    const { events, readStore } = open();
    await seedHistory(events, 5);
    const asked: string[] = [];
    const { readModels } = await start(events, readStore, allProjections, {
      reactors: [awarding()],
      dispatch: async (reactions) => {
        asked.push(...reactions.map((r) => r.causationId));
      },
    });
    await caughtUp(readModels, events);
    await appendEvents(events, 'responder-late', [
      submission('late', 2, 'late', '2026-11-22T23:00:00.000Z'),
    ]);
    const late = (await events.readAll({ maxCount: 1000 })).at(-1)!.id;
    await expect.poll(() => asked).toEqual([late]);
  });

  it('resume from their checkpoint after a restart, not from the head', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-reactor-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = open(join(dir, 'boon.sqlite'));
    const asked: string[] = [];
    const dispatch = async (reactions: { causationId: string }[]) => {
      asked.push(...reactions.map((r) => r.causationId));
    };
    const running = await start(first.events, first.readStore, allProjections, {
      reactors: [awarding()],
      dispatch,
    });
    await seedHistory(first.events, 2);
    const before = await submittedIds(first.events);
    await expect.poll(() => asked.length).toBe(before.length);
    await running.engine.stop();
    // Written while no reactor runs: the reactor, started again, reacts to it.
    await appendEvents(first.events, 'responder-while-down', [
      submission('while-down', 2, 'while-down', '2026-11-22T23:30:00.000Z'),
    ]);
    await start(first.events, first.readStore, allProjections, {
      reactors: [awarding()],
      dispatch,
    });
    const all = await submittedIds(first.events);
    await expect.poll(() => asked).toEqual(all);
  });
});

describe('the log tail on a restart far behind', () => {
  it('starts at the log’s head: projections behind catch up by pages, never through a second read of the gap', async () => {
    const { events, readStore } = open();
    await seedHistory(events, 300);
    let throughTail = 0;
    const counted: EventStore = {
      ...events,
      subscribeToAll: async function* (start, signal) {
        for await (const event of events.subscribeToAll(start, signal)) {
          throughTail++;
          yield event;
        }
      },
    };
    const { readModels } = await start(counted, readStore, [responsesByQuestionProjection], {
      firstBuildFrom: 1_000_000,
    });
    await caughtUp(readModels, counted);
    expect(throughTail).toBe(0);
    // What is appended afterwards arrives through the tail, once.
    await appendEvents(events, 'responder-late', [
      submission('late', 1, 'late', '2026-11-21T12:00:00.000Z'),
    ]);
    await caughtUp(readModels, counted);
    expect(throughTail).toBe(1);
    expect(
      await readModels.of(responsesByQuestionProjection).responses.findOne({ _id: 'late' }),
    ).toMatchObject({ questionId: 1 });
  });
});

describe('following the read models from notices', () => {
  it('forgets the answers kept between requests when a checkpoint is learnt from the states ahead of its notice', async () => {
    const inner = openMemoryReadStore();
    cleanups.push(() => inner.close());
    const notices = new Subject<CommitNotice>();
    let forgotten = 0;
    const store = new Proxy(inner, {
      get(target, key) {
        if (key === 'notices') return notices;
        if (key === 'forgetAnswers') return () => forgotten++;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const name = responsesByQuestionProjection.name;
    const setState = (checkpoint: string) =>
      inner.transaction(async (tx) => {
        await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne({
          _id: name,
          generation: 1,
          checkpoint,
          version: responsesByQuestionProjection.version,
          updatedAt: new Date().toISOString(),
        });
      });
    await setState('3');
    const readModels = new StoreReadModels(store, [responsesByQuestionProjection], 20);
    await readModels.start();
    cleanups.push(() => readModels.stop());
    expect(readModels.checkpointOf(name)).toBe(3n);
    // A notice: the store forgot its answers itself before telling.
    notices.next({ projection: name, generation: 1, position: '4', topics: [] });
    await expect.poll(() => readModels.checkpointOf(name)).toBe(4n);
    const before = forgotten;
    // The states read again show what no notice has told yet.
    await setState('9');
    await expect.poll(() => readModels.checkpointOf(name)).toBe(9n);
    expect(forgotten).toBeGreaterThan(before);
    // Read again with nothing new: nothing to forget.
    const settled = forgotten;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(forgotten).toBe(settled);
  });

  it('keeps the newest checkpoint when two notices of a new generation overtake each other', async () => {
    const inner = openMemoryReadStore();
    cleanups.push(() => inner.close());
    const notices = new Subject<CommitNotice>();
    // The first look at the new generation's indexes is slow; the second is quick.
    let slowNext = false;
    let looked = 0;
    const store = new Proxy(inner, {
      get(target, key) {
        if (key === 'notices') return notices;
        if (key === 'ensureIndexes') {
          return async (...args: Parameters<ReadStore['ensureIndexes']>) => {
            if (slowNext) {
              slowNext = false;
              await new Promise((resolve) => setTimeout(resolve, 30));
            }
            await target.ensureIndexes(...args);
            if (args[0].endsWith('_g2')) looked++;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const name = responsesByQuestionProjection.name;
    // No refresh from the state documents while it runs: only the notices speak.
    const readModels = new StoreReadModels(store, [responsesByQuestionProjection], 60_000);
    await readModels.start();
    cleanups.push(() => readModels.stop());
    slowNext = true;
    notices.next({ projection: name, generation: 2, position: '5', topics: [] });
    notices.next({ projection: name, generation: 2, position: '9', topics: [] });
    // Both notices looked at the new generation's indexes (the slow one last); what each then
    // learnt is settled once the microtasks after the last look have run.
    const perLook = Object.keys(responsesByQuestionProjection.collections).length;
    await expect.poll(() => looked).toBe(2 * perLook);
    await new Promise((resolve) => setImmediate(resolve));
    expect(readModels.generationOf(name)).toBe(2);
    expect(readModels.checkpointOf(name)).toBe(9n);
  });
});
