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
 * A day gains its answer: it joins the run ending the day before and the run starting the day
 * after (by their ids), so the work is the same however long the history. `latest` is the
 * person's run with the latest end (null: they have no run), as their progress keeps it. A day
 * after its end (the usual case: today's answer) can join only `latest` itself, so nothing is
 * looked up; an earlier day looks both neighbours up. Returns the run the day is now part of.
 */
export const addAnsweredDay = async (
  runs: Runs,
  personId: string,
  day: string,
  latest: StreakRun | null,
): Promise<RunDoc> => {
  const dayBefore = addDays(day, -1);
  let before: RunDoc | null = null;
  let after: RunDoc | null = null;
  if (latest !== null && day <= latest.end) {
    before = await runs.findOne({ personId, end: dayBefore });
    after = await runs.findOne({ _id: runId(personId, addDays(day, 1)) });
  } else if (latest?.end === dayBefore) {
    before = await runs.findOne({ _id: runId(personId, latest.start) });
  }
  if (before) await runs.deleteOne({ _id: before._id });
  if (after) await runs.deleteOne({ _id: after._id });
  const joined = runDoc(personId, runOf(before?.start ?? day, after?.end ?? day));
  await runs.upsertOne(joined);
  return joined;
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
