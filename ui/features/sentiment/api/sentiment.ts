import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentimentDays, SentimentItem } from '../../../../domain/contracts/sentiment';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/sentiment?days=: the figures per question-day over the range. */
export const sentimentQuery = (days: SentimentDays) =>
  queryOptions({
    queryKey: queryKeys.sentiment(days),
    queryFn: () => api<SentimentItem[]>(`/api/sentiment?days=${days}`),
  });

export const useSentiment = (days: SentimentDays) => useQuery(sentimentQuery(days));
