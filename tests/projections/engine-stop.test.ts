import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { Doc } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';
import { collection, projection } from '../../projections/engine/define';
import { ProjectionEngine } from '../../projections/engine/engine';
import { reactor } from '../../projections/engine/reactor';
import { StoreReadModels } from '../../projections/engine/read-models';
import { STATE_COLLECTION, type StateDoc } from '../../projections/engine/state';
import { appendEvents, deletion, submission } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Every answer and every deletion it is handed. */
const answers = projection({
  name: 'answers',
  version: 1,
  collections: { answers: collection<Doc & { deleted: boolean }>() },
  on: {
    ResponseSubmitted: async ({ data }, db) => {
      await db.answers.upsertOne({ _id: data.responseId, deleted: false });
    },
    ResponseDeleted: async ({ data }, db) => {
      await db.answers.upsertOne({ _id: data.responseId, deleted: true });
    },
  },
});

/** Asks, for each answer, that it be taken down (a command that appends an event). */
const takingDown = reactor({
  name: 'taking-down',
  reads: [],
  on: {
    ResponseSubmitted: ({ id, data }, context) => {
      context.dispatch({ type: 'TakeDown', causationId: id, responseId: data.responseId });
    },
  },
});

describe('a clean stop', () => {
  it('lets the reactors finish and the projections apply what they appended before it ends: the store is quiet', async () => {
    const db = openSqlite(':memory:');
    const readDb = openSqlite(':memory:');
    const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
    const readStore = openEmbeddedReadStore(readDb, { pollIntervalMs: 5 });
    cleanups.push(async () => {
      await events.close();
      await readStore.close();
      db.close();
      readDb.close();
    });
    const readModels = new StoreReadModels(readStore, [answers], 50);
    await readModels.start();
    cleanups.push(() => readModels.stop());
    // The command the reactor asks for is under way when the stop comes.
    let asked: () => void = () => {};
    const reacting = new Promise<void>((resolve) => (asked = resolve));
    let go: () => void = () => {};
    const released = new Promise<void>((resolve) => (go = resolve));
    const engine = new ProjectionEngine(events, readStore, [answers], silentLogger(), {
      leaseCheckMs: 50,
      reactors: [takingDown],
      readModels,
      dispatch: async (reactions) => {
        asked();
        await released;
        for (const { responseId } of reactions) {
          await appendEvents(events, `responder-${String(responseId)}`, [
            deletion(String(responseId), 1, 'a', '2026-11-21T13:00:00.000Z'),
          ]);
        }
      },
    });
    await engine.start();
    await appendEvents(events, 'responder-r1', [
      submission('r1', 1, 'a', '2026-11-21T12:00:00.000Z'),
    ]);
    await reacting;
    const stopped = engine.stop();
    go();
    await stopped;

    // The deletion the reaction appended during the stop is in the log, and applied.
    const log = await events.readAll({ maxCount: 10 });
    expect(log.map((e) => e.type)).toEqual(['ResponseSubmitted', 'ResponseDeleted']);
    const head = String(log.at(-1)!.position);
    const states = await readStore.collection<StateDoc>(STATE_COLLECTION).find({});
    expect(Object.fromEntries(states.map((s) => [s._id, s.checkpoint]))).toEqual({
      answers: head,
      'taking-down': head,
    });
    expect(await readStore.collection('answers_g1').findOne({ _id: 'r1' })).toEqual({
      _id: 'r1',
      deleted: true,
    });
  });

  it('ends within its bound when a reactor cannot reach the head', async () => {
    const db = openSqlite(':memory:');
    const readDb = openSqlite(':memory:');
    const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
    const readStore = openEmbeddedReadStore(readDb, { pollIntervalMs: 5 });
    cleanups.push(async () => {
      await events.close();
      await readStore.close();
      db.close();
      readDb.close();
    });
    const readModels = new StoreReadModels(readStore, [answers], 50);
    await readModels.start();
    cleanups.push(() => readModels.stop());
    let failures = 0;
    const engine = new ProjectionEngine(events, readStore, [answers], silentLogger(), {
      leaseCheckMs: 50,
      reactors: [takingDown],
      readModels,
      reactionAttempts: 1000,
      drainMs: 300,
      dispatch: () => {
        failures++;
        return Promise.reject(new Error('the command side is down'));
      },
    });
    await engine.start();
    await appendEvents(events, 'responder-r1', [
      submission('r1', 1, 'a', '2026-11-21T12:00:00.000Z'),
    ]);
    await expect.poll(() => failures).toBeGreaterThan(0);
    await engine.stop();
    // The projection still committed what it applied, and the reactor stands before the answer.
    const head = String(await events.headPosition());
    const states = await readStore.collection<StateDoc>(STATE_COLLECTION).find({});
    expect(states.find((s) => s._id === 'answers')?.checkpoint).toBe(head);
    expect(states.find((s) => s._id === 'taking-down')?.checkpoint).not.toBe(head);
  });
});
