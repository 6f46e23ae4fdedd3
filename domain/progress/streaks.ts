import { addDays, type ProductDay } from '../shared/product-day';

/** A run of consecutive product days answered, both ends included. */
export type StreakRun = { start: ProductDay; end: ProductDay; length: number };

/** Whole days from `from` to `to` (calendar dates, zone-free). */
export const daysBetween = (from: ProductDay, to: ProductDay): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const runOf = (start: ProductDay, end: ProductDay): StreakRun => ({
  start,
  end,
  length: daysBetween(start, end) + 1,
});

/**
 * The current streak: the latest run while it still reaches today or yesterday (a streak stays
 * current through the day after the last answer), else nothing.
 */
export const currentStreak = (latest: StreakRun | null, today: ProductDay): number =>
  latest !== null && latest.end >= addDays(today, -1) && latest.start <= today ? latest.length : 0;

/** The runs left when one day of a run is taken back (its only answer deleted). */
export const splitRun = (run: StreakRun, day: ProductDay): StreakRun[] => [
  ...(run.start < day ? [runOf(run.start, addDays(day, -1))] : []),
  ...(day < run.end ? [runOf(addDays(day, 1), run.end)] : []),
];
