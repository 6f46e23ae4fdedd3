import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswerCountDto } from '../../domain/contracts/questions';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * How many answers wait behind a question's gate: shared by Home and the discussion's gate.
 * Fresh on every mount, as the answers themselves are (the spec's rule for response queries):
 * someone who has not answered may not follow the answers' live topic.
 */
export const answerCountQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.answerCount(questionId),
    queryFn: () => api<AnswerCountDto>(`/api/question/${questionId}/answer-count`),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useAnswerCount = (questionId: number) => useQuery(answerCountQuery(questionId));
