import { afterEach, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/shared/events';
import { silentLogger } from '../../infra/logger';
import { consumeLog } from '../../projections/engine/log-consumer';
import { LogTail, type TailConsumer } from '../../projections/engine/log-tail';
import { sharedPages } from '../../projections/engine/shared-pages';
import { answersLogInMemory } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A seeded generator: the same seed walks the same schedule. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Consumers of very different speeds, started at different places, one of them far behind,
 * over a window much smaller than the log: each is detached, catches up by pages and attaches
 * again many times. Every consumer must see every event after its start once, in order.
 */
it.each([1, 2, 3])(
  'every consumer of the tail sees each event after its start exactly once (schedule %i)',
  async (seed) => {
    const { store: events, write: writeAnswers } = answersLogInMemory(cleanups, {
      pollIntervalMs: 2,
    });
    const next = random(seed);
    const total = 3_000;
    // Half the log before anyone reads, half while they do.
    const write = (from: number, count: number) => writeAnswers(from, count, 'log');
    await write(0, total / 2);
    const all = await events.readAll({ maxCount: total });
    const tail = new LogTail(events, silentLogger(), 40);
    const starts = [null, all[10]!.position, all[700]!.position, null, all[1_400]!.position];
    tail.start(starts[1]!);
    const abort = new AbortController();
    const seen: bigint[][] = starts.map(() => []);
    const consumers: TailConsumer[] = starts.map((checkpoint) => ({ checkpoint, attached: false }));
    // Catching up, they read through the engine's shared pages, as live processors do.
    const pages = sharedPages(events, 3, 50);
    const loops = consumers.map((consumer, i) =>
      consumeLog(
        {
          name: `consumer ${i}`,
          consumer,
          tail,
          events: pages,
          logger: silentLogger(),
          batchSize: 1 + Math.floor(next() * 30),
          catchUpBatchSize: 1 + Math.floor(next() * 90),
          handle: async (batch: readonly RecordedEvent[]) => {
            const fresh = batch.filter(
              (e) => consumer.checkpoint === null || e.position > consumer.checkpoint,
            );
            // Slow consumers sleep, fast ones only yield: the window fills and empties.
            if (next() < 0.3) await pause(Math.floor(next() * 4 * (i + 1)));
            const taken = fresh.slice(0, 1 + Math.floor(next() * fresh.length));
            seen[i]!.push(...taken.map((e) => e.position));
            if (taken.length > 0) consumer.checkpoint = taken.at(-1)!.position;
          },
          failed: async () => undefined,
          onLeaseLost: () => undefined,
        },
        abort.signal,
      ),
    );
    for (let written = total / 2; written < total; written += 50) {
      await write(written, 50);
      await pause(Math.floor(next() * 5));
    }
    const head = await events.headPosition();
    const deadline = Date.now() + 60_000;
    while (consumers.some((c) => c.checkpoint !== head) && Date.now() < deadline) await pause(10);
    abort.abort();
    await Promise.all(loops);
    await tail.stop();
    const log = (await events.readAll({ maxCount: total + 10 })).map((e) => e.position);
    for (const [i, start] of starts.entries()) {
      const expected = log.filter((p) => start === null || p > start);
      expect(seen[i], `consumer ${i}`).toEqual(expected);
    }
  },
  90_000,
);
