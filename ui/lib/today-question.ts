import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionDto } from '../../domain/contracts/questions';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** Today's question is shared by Home, the responses page and the navigation highlight. */
export const todayQuestionQuery = queryOptions({
  queryKey: queryKeys.todayQuestion,
  queryFn: () => api<QuestionDto>('/api/question/today'),
});

export const useTodayQuestion = () => useQuery(todayQuestionQuery);

/** 'Sunday, November 22, 2026' for a YYYY-MM-DD product day. */
export const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
