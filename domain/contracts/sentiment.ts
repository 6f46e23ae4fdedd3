/** The dashboard's ranges: Week, Fortnight, Month. */
export const SENTIMENT_RANGES = [
  { days: 7, label: 'Week' },
  { days: 14, label: 'Fortnight' },
  { days: 30, label: 'Month' },
] as const;
export type SentimentDays = (typeof SENTIMENT_RANGES)[number]['days'];

/** The longest period one export covers (ten years of product days). */
export const SENTIMENT_EXPORT_MAX_DAYS = 3660;
export const SENTIMENT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type SentimentExportFormat = (typeof SENTIMENT_EXPORT_FORMATS)[number];

export type {
  SentimentExport,
  SentimentExportQuery,
  SentimentItem,
  SentimentTotals,
} from './schemas/sentiment';
