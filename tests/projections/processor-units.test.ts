import { afterEach, expect, it } from 'vitest';
import type { EventStore } from '../../infra/event-store/event-store';
import { silentLogger } from '../../infra/logger';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { ensureProjectionIndexes } from '../../projections/engine/indexes';
import { Processor } from '../../projections/engine/processor';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { answersLogInMemory } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A log of `count` answers, and the pages read from it (each page's length). */
const answersLog = async (count: number) => {
  const { store, write } = answersLogInMemory(cleanups);
  const readStore = openMemoryReadStore();
  cleanups.push(() => readStore.close());
  await ensureProjectionIndexes(readStore, responsesByQuestionProjection, 1);
  await write(0, count);
  const pages: number[] = [];
  const events: EventStore = {
    ...store,
    readAll: async (options) => {
      const page = await store.readAll(options);
      if (page.length > 0) pages.push(page.length);
      return page;
    },
  };
  const head = (await store.headPosition())!;
  return { events, readStore, pages, head };
};

/** A live processor of the answers' read model, catching up by pages of its own. */
const catchingUp = (
  { events, readStore }: Awaited<ReturnType<typeof answersLog>>,
  maxBatchMs: number,
  units: number[],
) =>
  new Processor({
    projection: responsesByQuestionProjection,
    generation: 1,
    checkpoint: null,
    stateId: responsesByQuestionProjection.name,
    events,
    readStore,
    logger: silentLogger(),
    tail: null,
    lease: () => null,
    batchSize: 100,
    catchUpBatchSize: 1_000,
    maxBatchMs,
    catchUpUnitMs: maxBatchMs,
    announce: true,
    checkpoints: null,
    observer: { batchCommitted: (_name, applied) => units.push(applied) },
    onLeaseLost: () => undefined,
  });

const caughtUp = async (processor: Processor, head: bigint) => {
  while (processor.checkpoint !== head) await pause(5);
  await processor.stop();
};

it('a unit that waited for another to finish still has its whole time bound to apply events', async () => {
  const log = await answersLog(200);
  const units: number[] = [];
  const processor = catchingUp(log, 100, units);
  // Another projection's unit holds the file for three times the bound.
  const other = log.readStore.transaction(() => pause(300));
  processor.start();
  await other;
  await caughtUp(processor, log.head);
  // Counting the wait, the first unit found its bound spent and applied a single event.
  expect(units[0]).toBeGreaterThan(1);
  expect(units.reduce((a, b) => a + b, 0)).toBe(200);
});

it('a page applied in several units is read from the log once', async () => {
  const log = await answersLog(300);
  const units: number[] = [];
  // No time at all: every unit applies one event and commits.
  const processor = catchingUp(log, 0, units);
  processor.start();
  await caughtUp(processor, log.head);
  expect(units).toHaveLength(300);
  expect(log.pages).toEqual([300]);
  expect(await log.readStore.collection('responses_g1').count({ questionId: 1 })).toBe(300);
});
