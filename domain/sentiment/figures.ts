import { REACTION_EMOJI, type ReactionCounts } from '../contracts/reactions';
import type { SentimentItem, SentimentTotals } from '../contracts/sentiment';
import { addDays, type ProductDay } from '../shared/product-day';
import { emptyTally, type Tally } from './tally';

/**
 * From running sums to the figures people read. Pure, so whatever reads the tallies (the
 * API, a replay of the log) rounds the same numbers the same way: percentages and spectrum
 * to one decimal, score averages to three.
 */

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : oneDecimal((part / whole) * 100);
/** Percent change from `before` to `now`; null with nothing before to compare with. */
const change = (now: number, before: number | null) =>
  before === null || before === 0 ? null : oneDecimal(((now - before) / before) * 100);

/** Sums of several tallies (a whole period), in the tally's own shape. */
type Sums = Omit<Tally, 'questionId' | 'day' | 'questionContent' | 'category'>;

const sumOf = (tallies: readonly Tally[]): Sums => {
  // Zero of every figure: an empty tally without its question.
  const {
    questionId: _q,
    day: _d,
    questionContent: _c,
    category: _k,
    ...sums
  } = emptyTally(0, '', undefined);
  const { reactions } = sums;
  for (const t of tallies) {
    for (const field of [
      'responses',
      'placed',
      'spectrumSum',
      'left',
      'center',
      'right',
      'analyzed',
      'relevanceSum',
      'civilitySum',
      'sinceritySum',
      'replies',
      'echoes',
      'rejections',
    ] as const) {
      sums[field] += t[field];
    }
    for (const emoji of REACTION_EMOJI) reactions[emoji] += t.reactions[emoji] ?? 0;
  }
  return sums;
};

const engagementOf = (s: Sums) =>
  s.replies + s.echoes + REACTION_EMOJI.reduce((n, emoji) => n + (s.reactions[emoji] ?? 0), 0);

const averageSpectrumOf = (s: Sums) =>
  s.placed === 0 ? null : oneDecimal(s.spectrumSum / s.placed);

/** The figures every row and total shares (all but trend). */
const figuresOf = (s: Sums) => ({
  responseCount: s.responses,
  averageSpectrum: averageSpectrumOf(s),
  distribution: {
    left: percentOf(s.left, s.placed),
    center: percentOf(s.center, s.placed),
    right: percentOf(s.right, s.placed),
  },
  engagement: {
    repliesCount: s.replies,
    echoes: s.echoes,
    reactions: Object.fromEntries(
      REACTION_EMOJI.map((emoji) => [emoji, s.reactions[emoji] ?? 0]),
    ) as ReactionCounts,
  },
  moderation: {
    relevanceAvg: s.analyzed === 0 ? null : Math.round(s.relevanceSum / s.analyzed) / 1000,
    civilityAvg: s.analyzed === 0 ? null : Math.round(s.civilitySum / s.analyzed) / 1000,
    sincerityAvg: s.analyzed === 0 ? null : Math.round(s.sinceritySum / s.analyzed) / 1000,
    rejectionRate: percentOf(s.rejections, s.rejections + s.responses + s.replies),
  },
});

/** A question-day counts once it has a standing answer. */
const shown = (tallies: readonly Tally[]) => tallies.filter((t) => t.responses > 0);

/** The previous period, as each row is compared with it: per question-day on average. */
type Baseline = { responses: number; engagement: number; averageSpectrum: number | null } | null;

const baselineOf = (previous: readonly Tally[]): Baseline => {
  const days = shown(previous);
  if (days.length === 0) return null;
  const sums = sumOf(days);
  return {
    responses: sums.responses / days.length,
    engagement: engagementOf(sums) / days.length,
    averageSpectrum: averageSpectrumOf(sums),
  };
};

const trendOf = (now: Sums, before: Baseline) => {
  const spectrum = averageSpectrumOf(now);
  return {
    responseCountChange: change(now.responses, before?.responses ?? null),
    engagementChange: change(engagementOf(now), before?.engagement ?? null),
    spectrumChange:
      spectrum === null || before?.averageSpectrum == null
        ? null
        : oneDecimal(spectrum - before.averageSpectrum),
  };
};

export type Period = { from: ProductDay; to: ProductDay };

/** The period of the same length just before this one. */
export const previousPeriod = ({ from, to }: Period, length: number): Period => ({
  from: addDays(from, -length),
  to: addDays(to, -length),
});

/** Newest day first, then by question. */
const byDayThenQuestion = (a: Tally, b: Tally) =>
  a.day === b.day ? a.questionId - b.questionId : a.day < b.day ? 1 : -1;

/**
 * The rows of a period: each question-day with a standing answer, its trend against the
 * previous period's question-days on average.
 */
export const sentimentRows = (
  current: readonly Tally[],
  previous: readonly Tally[],
): SentimentItem[] => {
  const baseline = baselineOf(previous);
  return [...shown(current)].sort(byDayThenQuestion).map((tally) => {
    const sums = sumOf([tally]);
    return {
      questionId: tally.questionId,
      questionContent: tally.questionContent,
      date: tally.day,
      ...figuresOf(sums),
      trend: trendOf(sums, baseline),
    };
  });
};

/** The period as a whole, its trend against the previous period's whole. */
export const sentimentTotals = (
  period: Period,
  current: readonly Tally[],
  previous: readonly Tally[],
): SentimentTotals => {
  const now = sumOf(shown(current));
  const before = sumOf(shown(previous));
  const hadBefore = shown(previous).length > 0;
  return {
    ...period,
    questionDays: shown(current).length,
    ...figuresOf(now),
    trend: trendOf(
      now,
      hadBefore
        ? {
            responses: before.responses,
            engagement: engagementOf(before),
            averageSpectrum: averageSpectrumOf(before),
          }
        : null,
    ),
  };
};

/** The `days` product days ending with `today`. */
export const periodEnding = (today: ProductDay, days: number): Period => ({
  from: addDays(today, -(days - 1)),
  to: today,
});
