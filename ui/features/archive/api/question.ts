import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionRespondedDto } from '../../../../domain/contracts/archive';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether the caller answered this one question (the spec's second has-responded call). */
export const questionRespondedQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.questionResponded(id),
    queryFn: () => api<QuestionRespondedDto>(`/api/hasResponded/${id}`),
  });

export const useQuestionResponded = (id: number) => useQuery(questionRespondedQuery(id));
