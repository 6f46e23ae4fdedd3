import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionDto } from '../../domain/contracts/questions';
import { api } from './api-client';
import { longDay } from './date-format';
import { queryKeys } from './query-keys';

/** Today's question is shared by Home, the responses page and the navigation highlight. */
export const todayQuestionQuery = queryOptions({
  queryKey: queryKeys.todayQuestion,
  queryFn: () => api<QuestionDto>('/api/question/today'),
});

export const useTodayQuestion = () => useQuery(todayQuestionQuery);

/** One question, past or today's (404 when there is no such question): a discussion's, the archive's. */
export const questionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.question(id),
    queryFn: () => api<QuestionDto>(`/api/question/${id}`),
  });

export const useQuestion = (id: number) => useQuery(questionQuery(id));

/** 'Sunday, November 22, 2026' for a YYYY-MM-DD product day. */
export const longDate = longDay;
