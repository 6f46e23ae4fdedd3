import { afterEach, describe, expect, it } from 'vitest';
import { unavailable } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import type { Reaction } from '../../projections/engine/define';
import { ProjectionEngine } from '../../projections/engine/engine';
import {
  PARKED,
  parkedReactions,
  requestRetry,
  type ParkedDoc,
} from '../../projections/engine/parked-reactions';
import { reactor } from '../../projections/engine/reactor';
import { StoreReadModels } from '../../projections/engine/read-models';
import { STATE_COLLECTION, type StateDoc } from '../../projections/engine/state';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { appendEvents, submission } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Asks for an award per answer, once the answers' read model holds it. */
const awarding = reactor({
  name: 'awarding',
  reads: [responsesByQuestionProjection],
  on: {
    ResponseSubmitted: ({ id, data }, context) => {
      context.dispatch({ type: 'Award', causationId: id, responseId: data.responseId });
    },
  },
});

/** An engine running the answers' projection and the reactor, with `dispatch` for its commands. */
const running = async (dispatch: (reactions: Reaction[]) => Promise<void>) => {
  const db = openSqlite(':memory:');
  const readDb = openSqlite(':memory:');
  const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
  const readStore = openEmbeddedReadStore(readDb, { pollIntervalMs: 5 });
  const readModels = new StoreReadModels(readStore, [responsesByQuestionProjection], 50);
  await readModels.start();
  const engine = new ProjectionEngine(
    events,
    readStore,
    [responsesByQuestionProjection],
    silentLogger(),
    { leaseCheckMs: 50, reactors: [awarding], readModels, dispatch, reactionAttempts: 3 },
  );
  await engine.start();
  cleanups.push(async () => {
    await engine.stop();
    readModels.stop();
    await events.close();
    await readStore.close();
    db.close();
    readDb.close();
  });
  return { events, readStore };
};

const answer = (events: EventStore, id: string) =>
  appendEvents(events, `responder-${id}`, [
    submission(id, 1, `author-${id}`, '2026-11-21T12:00:00.000Z'),
  ]);

describe('a reaction that always fails', () => {
  it('is parked after its attempts, with its error, and the reactor goes on; a retry asked for runs it again', async () => {
    const awarded: string[] = [];
    let refused = 'r2';
    const { events, readStore } = await running(async (reactions) => {
      for (const { responseId } of reactions) {
        if (responseId === refused) throw new Error(`no award for ${refused}`);
      }
      awarded.push(...reactions.map((r) => r.responseId as string));
    });
    for (const id of ['r1', 'r2', 'r3']) await answer(events, id);
    const head = async () => String(await events.headPosition());
    const checkpoint = async () =>
      (await readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: 'awarding' }))
        ?.checkpoint;

    // Every answer but the refused one is awarded, in order, and the reactor stands at the head.
    await expect.poll(() => awarded, { timeout: 20_000 }).toEqual(['r1', 'r3']);
    await expect.poll(checkpoint).toBe(await head());
    const log = await events.readAll({ maxCount: 100 });
    const poisoned = log.find((e) => (e.data as { responseId?: string }).responseId === 'r2')!;
    const [summary] = await parkedReactions(readStore, ['awarding']);
    expect(summary).toEqual({
      reactor: 'awarding',
      count: 1,
      retrying: 0,
      events: [
        expect.objectContaining({
          eventId: poisoned.id,
          eventType: 'ResponseSubmitted',
          position: String(poisoned.position),
          attempts: 3,
          error: 'no award for r2',
          retryAsked: 0,
        }),
      ],
    });

    // Later events are not held up.
    await answer(events, 'r4');
    await expect.poll(() => awarded).toEqual(['r1', 'r3', 'r4']);

    // A retry while the cause is still there fails again: the event stays parked.
    const parked = () => readStore.collection<ParkedDoc>(PARKED).find({});
    expect(await requestRetry(readStore, 'awarding', poisoned.id)).toBe(1);
    await expect
      .poll(async () => (await parked()).map((p) => [p.attempts, p.retryAsked]))
      .toEqual([[4, 0]]);

    // Once the cause is mended, a retry of all the reactor's parked events awards it, once.
    refused = 'none';
    expect(await requestRetry(readStore, 'awarding')).toBe(1);
    await expect.poll(parked).toEqual([]);
    expect(awarded).toEqual(['r1', 'r3', 'r4', 'r2']);
    expect(await requestRetry(readStore, 'awarding', poisoned.id)).toBe(0);
  });

  it('is not parked while the command side says to try again shortly: that is no failure of its own', async () => {
    const awarded: string[] = [];
    let busy = 5;
    const { events, readStore } = await running(async (reactions) => {
      if (busy-- > 0) throw unavailable('Busy', 'The log is catching up: try again shortly.');
      awarded.push(...reactions.map((r) => r.responseId as string));
    });
    await answer(events, 'r1');
    // Five refusals, more than its three attempts: still tried until it goes through.
    await expect.poll(() => awarded, { timeout: 20_000 }).toEqual(['r1']);
    expect(await readStore.collection<ParkedDoc>(PARKED).find({})).toEqual([]);
  });
});
