import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, SubscriptionStart } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import { openSqlite, type SqliteDatabase } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { appendEvents, seedHistory, submission } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const open = (file = ':memory:') => {
  const db = openSqlite(file);
  const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
  const readStore = openEmbeddedReadStore(db);
  return { db, events, readStore };
};

const startRunner = async (
  events: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[] = allProjections,
) => {
  const runner = new ProjectionRunner(events, readStore, projections, silentLogger(), {
    retryDelayMs: 10,
    batchSize: 7,
  });
  await runner.start();
  cleanups.push(() => runner.stop());
  return runner;
};

/** Every read model, sorted, as plain data: what two runs must agree on. */
const snapshot = async (runner: ProjectionRunner) => {
  const out: Record<string, unknown[]> = {};
  for (const name of ['questions', 'responses', 'response_questions', 'devices', 'pseudonyms']) {
    out[name] = await runner.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
};

const caughtUp = async (runner: ProjectionRunner, events: EventStore) => {
  const head = await events.headPosition();
  expect(await runner.waitFor(head ?? 0n, 5000)).toBe(true);
};

/** A store whose subscription delivers every event twice, as an at-least-once transport may after a reconnect. */
const deliveringTwice = (inner: EventStore): EventStore => ({
  ...inner,
  async *subscribeToAll(start: SubscriptionStart, signal: AbortSignal) {
    for await (const event of inner.subscribeToAll(start, signal)) {
      yield event;
      yield event;
    }
  },
});

describe('the projection runner', () => {
  it('builds the same read model when every event is delivered twice', async () => {
    const once = open();
    await seedHistory(once.events);
    const single = await startRunner(once.events, once.readStore);
    await caughtUp(single, once.events);

    const twice = open();
    await seedHistory(twice.events);
    const doubled = await startRunner(deliveringTwice(twice.events), twice.readStore);
    await caughtUp(doubled, twice.events);

    const [a, b] = [await snapshot(single), await snapshot(doubled)];
    expect(a.responses!.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it('applies a redelivered event once even to a handler that is not idempotent', async () => {
    const tally: Projection = {
      name: 'tally',
      version: 1,
      collections: ['tally'],
      handles: ['ResponseSubmitted'],
      async apply(_event, context) {
        await context
          .collection('tally')
          .updateOne({ _id: 'all' }, { $inc: { responses: 1 } }, { upsert: true });
      },
    };
    const { events, readStore } = open();
    await seedHistory(events, 12);
    const runner = await startRunner(deliveringTwice(events), readStore, [tally]);
    await caughtUp(runner, events);
    expect(await runner.collection('tally').findOne({ _id: 'all' })).toEqual({
      _id: 'all',
      responses: 12,
    });
  });

  it('rebuilds into a fresh generation that equals incremental processing, while serving', async () => {
    const { events, readStore } = open();
    await seedHistory(events);
    const runner = await startRunner(events, readStore);
    await caughtUp(runner, events);
    const incremental = await snapshot(runner);

    const report = await runner.rebuild('responses-by-question');
    expect(report.generation).toBe(2);
    expect(report.events).toBeGreaterThan(40);
    expect(await snapshot(runner)).toEqual(incremental);
    expect((await readStore.listCollections()).filter((c) => c.startsWith('responses_g'))).toEqual([
      'responses_g2',
    ]);

    // The live loop runs again after the swap.
    await appendEvents(events, 'responder-late', [
      submission('late', 2, 'late', '2026-11-22T23:00:00.000Z'),
    ]);
    await caughtUp(runner, events);
    expect(await runner.collection('responses').findOne({ _id: 'late' })).not.toBeNull();
  });

  it('resumes from its checkpoint after a restart, applying each event once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-runner-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'boon.sqlite');
    const applied: string[] = [];
    const counting: Projection = {
      name: 'counting',
      version: 1,
      collections: ['seen'],
      handles: ['ResponseSubmitted'],
      async apply(event, context) {
        applied.push(event.id);
        await context.collection('seen').upsertOne({ _id: event.id });
      },
    };

    const first = open(file);
    await seedHistory(first.events, 10);
    const runner1 = new ProjectionRunner(first.events, first.readStore, [counting], silentLogger());
    await runner1.start();
    await caughtUp(runner1, first.events);
    await runner1.stop();
    await first.events.close();
    first.db.close();
    expect(applied).toHaveLength(10);

    const second = open(file);
    cleanups.push(() => {
      (second.db as SqliteDatabase).close();
    });
    await appendEvents(second.events, 'responder-new', [
      submission('new', 1, 'new', '2026-11-21T10:00:00.000Z'),
    ]);
    const runner2 = await startRunner(second.events, second.readStore, [counting]);
    await caughtUp(runner2, second.events);
    expect(applied).toHaveLength(11);
    expect(new Set(applied).size).toBe(11);
    expect(await runner2.collection('seen').count()).toBe(11);
  });

  it('reports position and lag, and emits a change notice naming the topics after each commit', async () => {
    const { events, readStore } = open();
    const runner = await startRunner(events, readStore);
    const notice = firstValueFrom(
      runner.changes.pipe(filter((n) => n.topics.includes('responses:2'))),
    );
    await seedHistory(events, 2);
    expect((await notice).projection).toBe('responses-by-question');
    await caughtUp(runner, events);
    const status = await runner.status();
    expect(status.map((s) => s.lag)).toEqual(status.map(() => '0'));
    expect(status[0]!.checkpoint).toBe((await events.headPosition())!.toString());
  });
});
