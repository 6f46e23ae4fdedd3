import { z } from 'zod';
import { REACTION_EMOJI } from './reactions';

/** The dashboard's ranges: Week, Fortnight, Month. */
export const SENTIMENT_RANGES = [
  { days: 7, label: 'Week' },
  { days: 14, label: 'Fortnight' },
  { days: 30, label: 'Month' },
] as const;
export type SentimentDays = (typeof SENTIMENT_RANGES)[number]['days'];

export const sentimentQuery = z.strictObject({
  days: z.enum(['7', '14', '30'], { error: 'days must be 7, 14 or 30' }).transform(Number),
});

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const percent = z.number();
const unitAverage = z.number().min(0).max(1).nullable();
const count = z.number().int().min(0);

const distribution = z.strictObject({ left: percent, center: percent, right: percent });
const engagement = z.strictObject({
  repliesCount: count,
  echoes: count,
  reactions: z.record(z.enum(REACTION_EMOJI), count),
});
const moderation = z.strictObject({
  relevanceAvg: unitAverage,
  civilityAvg: unitAverage,
  sincerityAvg: unitAverage,
  /** Percent of attempts (standing answers and replies, plus refusals) that were refused. */
  rejectionRate: percent,
});
/**
 * Against the previous period of the same length: percent change of answers and of engagement
 * (replies + echoes + reactions), and the move of the average spectrum in points. Null when
 * that period has nothing to compare with.
 */
const trend = z.strictObject({
  responseCountChange: z.number().nullable(),
  engagementChange: z.number().nullable(),
  spectrumChange: z.number().nullable(),
});

/** One question on one product day: the spec's sentiment item. */
export const sentimentItemSchema = z.strictObject({
  questionId: z.number().int().positive(),
  questionContent: z.string(),
  date: productDay,
  responseCount: count,
  averageSpectrum: z.number().min(-100).max(100).nullable(),
  distribution,
  engagement,
  moderation,
  trend,
});
export type SentimentItem = z.infer<typeof sentimentItemSchema>;

/** A whole period at once: the same figures over every question-day in it. */
export const sentimentTotalsSchema = z.strictObject({
  from: productDay,
  to: productDay,
  questionDays: count,
  responseCount: count,
  averageSpectrum: z.number().min(-100).max(100).nullable(),
  distribution,
  engagement,
  moderation,
  trend,
});
export type SentimentTotals = z.infer<typeof sentimentTotalsSchema>;
