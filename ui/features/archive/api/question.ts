import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionRespondedDto } from '../../../../domain/contracts/archive';
import type { QuestionDto } from '../../../../domain/contracts/questions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One question, past or today's; 404 when there is no such question. */
export const questionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.question(id),
    queryFn: () => api<QuestionDto>(`/api/question/${id}`),
  });

export const useQuestion = (id: number) => useQuery(questionQuery(id));

/** Whether the caller answered this one question (the spec's second has-responded call). */
export const questionRespondedQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.questionResponded(id),
    queryFn: () => api<QuestionRespondedDto>(`/api/hasResponded/${id}`),
  });

export const useQuestionResponded = (id: number) => useQuery(questionRespondedQuery(id));
