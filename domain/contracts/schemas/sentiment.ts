import { z } from 'zod';
import { REACTION_EMOJI } from '../reactions';
import { SENTIMENT_EXPORT_FORMATS, SENTIMENT_EXPORT_MAX_DAYS } from '../sentiment';

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

const exportDay = z.iso.date({ error: 'use a date like 2026-01-31' });
const daysFrom = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * An analyst's period: product days `from` to `to` (both included), optionally one question
 * category. The HTTP export and the replay of the log (`npm run analyst`) read it alike.
 */
export const sentimentExportQuery = z
  .strictObject({
    from: exportDay,
    to: exportDay,
    format: z
      .enum(SENTIMENT_EXPORT_FORMATS, { error: 'format must be csv or json' })
      .default('csv'),
    category: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysFrom(q.from, q.to) <= SENTIMENT_EXPORT_MAX_DAYS, {
    message: `a period covers at most ${SENTIMENT_EXPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type SentimentExportQuery = z.infer<typeof sentimentExportQuery>;

/**
 * An export: each question-day of the period and the period's totals, trends against the
 * period of the same length before. Aggregates only: no person's id, pseudonym or words.
 */
export const sentimentExportSchema = z.strictObject({
  from: productDay,
  to: productDay,
  category: z.string().nullable(),
  rows: z.array(sentimentItemSchema),
  totals: sentimentTotalsSchema,
});
export type SentimentExport = z.infer<typeof sentimentExportSchema>;
