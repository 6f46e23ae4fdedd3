import { REACTION_EMOJI } from '../../domain/contracts/reactions';
import type {
  SentimentExport,
  SentimentItem,
  SentimentTotals,
} from '../../domain/contracts/sentiment';
import {
  previousPeriod,
  sentimentRows,
  sentimentTotals,
  type Period,
} from '../../domain/sentiment/figures';
import type { Tally } from '../../domain/sentiment/tally';

/** Product days from `from` to `to`, both included. */
export const lengthOf = ({ from, to }: Period) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The period a trend compares with: the same length, just before. */
export const baselineOf = (period: Period): Period => previousPeriod(period, lengthOf(period));

/**
 * The export of a period from its tallies and those of the period before, whoever read them
 * (the read model, or a replay of the log): the figures the dashboard computes, row by row.
 */
export const sentimentExport = (
  period: Period,
  category: string | null,
  current: readonly Tally[],
  previous: readonly Tally[],
): SentimentExport => {
  const inCategory = (tallies: readonly Tally[]) =>
    category === null ? tallies : tallies.filter((t) => t.category === category);
  const now = inCategory(current);
  const before = inCategory(previous);
  return {
    ...period,
    category,
    rows: sentimentRows(now, before),
    totals: sentimentTotals(period, now, before),
  };
};

/**
 * The CSV's columns: one line per question-day, then one for the whole period; `category` is
 * the category asked for (empty: all of them).
 */
export const CSV_COLUMNS = [
  'row',
  'from',
  'to',
  'category',
  'questionId',
  'questionContent',
  'questionDays',
  'responseCount',
  'averageSpectrum',
  'distribution.left',
  'distribution.center',
  'distribution.right',
  'engagement.repliesCount',
  'engagement.echoes',
  ...REACTION_EMOJI.map((emoji) => `engagement.reactions.${emoji}`),
  'moderation.relevanceAvg',
  'moderation.civilityAvg',
  'moderation.sincerityAvg',
  'moderation.rejectionRate',
  'trend.responseCountChange',
  'trend.engagementChange',
  'trend.spectrumChange',
] as const;

type Line = Record<(typeof CSV_COLUMNS)[number], string | number | null>;

const figures = (f: SentimentItem | SentimentTotals) => ({
  responseCount: f.responseCount,
  averageSpectrum: f.averageSpectrum,
  'distribution.left': f.distribution.left,
  'distribution.center': f.distribution.center,
  'distribution.right': f.distribution.right,
  'engagement.repliesCount': f.engagement.repliesCount,
  'engagement.echoes': f.engagement.echoes,
  ...Object.fromEntries(
    REACTION_EMOJI.map((emoji) => [`engagement.reactions.${emoji}`, f.engagement.reactions[emoji]]),
  ),
  'moderation.relevanceAvg': f.moderation.relevanceAvg,
  'moderation.civilityAvg': f.moderation.civilityAvg,
  'moderation.sincerityAvg': f.moderation.sincerityAvg,
  'moderation.rejectionRate': f.moderation.rejectionRate,
  'trend.responseCountChange': f.trend.responseCountChange,
  'trend.engagementChange': f.trend.engagementChange,
  'trend.spectrumChange': f.trend.spectrumChange,
});

/** A cell: quoted when it must be, and text never read as a spreadsheet formula. */
export const cell = (value: string | number | null) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV (CRLF lines, a header first): the rows, then the period's totals. */
export const exportCsv = (exported: SentimentExport): string => {
  const lines: Line[] = [
    ...exported.rows.map(
      (row) =>
        ({
          row: 'question-day',
          from: row.date,
          to: row.date,
          category: exported.category,
          questionId: row.questionId,
          questionContent: row.questionContent,
          questionDays: 1,
          ...figures(row),
        }) as Line,
    ),
    {
      row: 'total',
      from: exported.totals.from,
      to: exported.totals.to,
      category: exported.category,
      questionId: null,
      questionContent: null,
      questionDays: exported.totals.questionDays,
      ...figures(exported.totals),
    } as Line,
  ];
  const text = [
    CSV_COLUMNS.join(','),
    ...lines.map((line) => CSV_COLUMNS.map((column) => cell(line[column] ?? null)).join(',')),
  ];
  return `${text.join('\r\n')}\r\n`;
};
