import { afterEach, expect, it } from 'vitest';
import type { EventStore } from '../../infra/event-store/event-store';
import { sharedPages } from '../../projections/engine/shared-pages';
import { answersLogInMemory } from '../support/seed';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const logOf = async (count: number) => {
  const { store, write } = answersLogInMemory(cleanups);
  await write(0, count);
  let reads = 0;
  const counted: EventStore = {
    ...store,
    readAll: (options) => {
      reads++;
      return store.readAll(options);
    },
  };
  return { store, counted, write, reads: () => reads };
};

it('projections behind by the same stretch read each page of the log once between them', async () => {
  const log = await logOf(1_000);
  const pages = sharedPages(log.counted);
  // Three readers at the same place ask together, then each goes on from where its page ended.
  const firsts = await Promise.all([1, 2, 3].map(() => pages.readAll({ maxCount: 400 })));
  const after = firsts[0]!.at(-1)!.position;
  const seconds = await Promise.all([1, 2, 3].map(() => pages.readAll({ after, maxCount: 400 })));
  expect(firsts.map((p) => p.length)).toEqual([400, 400, 400]);
  expect(seconds[2]).toEqual(await log.store.readAll({ after, maxCount: 400 }));
  expect(log.reads()).toBe(2);
});

it('a read answered from a kept page is what the log holds there, and never reaches past it', async () => {
  const log = await logOf(500);
  const pages = sharedPages(log.counted);
  const all = await log.store.readAll({ maxCount: 1_000 });
  await pages.readAll({ maxCount: 300 });
  // Starting inside the kept page: its rest, up to the page's end.
  const inside = await pages.readAll({ after: all[99]!.position, maxCount: 50 });
  expect(inside).toEqual(all.slice(100, 150));
  const toEnd = await pages.readAll({ after: all[250]!.position, maxCount: 1_000 });
  expect(toEnd).toEqual(all.slice(251, 300));
  expect(log.reads()).toBe(1);
  // Past it: the log, with what was appended since.
  await log.write(500, 10);
  const rest = await pages.readAll({ after: all[299]!.position, maxCount: 1_000 });
  expect(rest.map((e) => e.position)).toEqual(
    (await log.store.readAll({ after: all[299]!.position, maxCount: 1_000 })).map(
      (e) => e.position,
    ),
  );
  expect(rest).toHaveLength(210);
});

it('a page that reached the head does not hide what is appended after it', async () => {
  const log = await logOf(100);
  const pages = sharedPages(log.counted);
  const first = await pages.readAll({ maxCount: 500 });
  expect(first).toHaveLength(100);
  const head = first.at(-1)!.position;
  expect(await pages.readAll({ after: head, maxCount: 500 })).toEqual([]);
  await log.write(100, 5);
  expect(await pages.readAll({ after: head, maxCount: 500 })).toHaveLength(5);
});

it('keeps no page longer than it is told to', async () => {
  const log = await logOf(100);
  const pages = sharedPages(log.counted, 4, 20);
  await pages.readAll({ maxCount: 50 });
  await pages.readAll({ maxCount: 50 });
  expect(log.reads()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 60));
  await pages.readAll({ maxCount: 50 });
  expect(log.reads()).toBe(2);
});
