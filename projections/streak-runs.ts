import { runOf, splitRun, type StreakRun } from '../domain/progress/streaks';
import { addDays } from '../domain/shared/product-day';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';

/** `_id` is `${personId}:${start}`: one run of consecutive answered product days. */
export type RunDoc = Doc & StreakRun & { personId: string };

type Runs = WriteCollection<RunDoc>;

const runId = (personId: string, start: string) => `${personId}:${start}`;

const runDoc = (personId: string, run: StreakRun): RunDoc => ({
  _id: runId(personId, run.start),
  personId,
  ...run,
});

/**
 * A day gains its answer: it joins the run ending the day before (found through an index)
 * and the run starting the day after (by its id), so the work is the same however long the
 * history.
 */
export const addAnsweredDay = async (runs: Runs, personId: string, day: string) => {
  const before = await runs.findOne({ personId, end: addDays(day, -1) });
  const after = await runs.findOne({ _id: runId(personId, addDays(day, 1)) });
  if (before) await runs.deleteOne({ _id: before._id });
  if (after) await runs.deleteOne({ _id: after._id });
  await runs.upsertOne(runDoc(personId, runOf(before?.start ?? day, after?.end ?? day)));
};

/** A day loses its only answer: the run holding it splits around it. */
export const takeBackDay = async (runs: Runs, personId: string, day: string) => {
  const [holder] = await runs.find(
    { personId, start: { $lte: day } },
    { sort: { start: -1 }, limit: 1 },
  );
  if (!holder || holder.end < day) return;
  await runs.deleteOne({ _id: holder._id });
  for (const part of splitRun(holder, day)) await runs.upsertOne(runDoc(personId, part));
};

export const latestRun = async (runs: Runs, personId: string): Promise<RunDoc | null> =>
  (await runs.find({ personId }, { sort: { end: -1 }, limit: 1 }))[0] ?? null;

export const longestRun = async (runs: Runs, personId: string): Promise<RunDoc | null> =>
  (await runs.find({ personId }, { sort: { length: -1 }, limit: 1 }))[0] ?? null;
