import { queryOptions } from '@tanstack/react-query';
import type { QuestionDto } from '../../../../domain/contracts/questions';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const questionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.question(id),
    queryFn: () => api<QuestionDto>(`/api/question/${id}`),
  });

/** Responses are always fetched fresh on mount (the spec's rule for response queries). */
export const responsesQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.responses(questionId),
    queryFn: () => api<ResponseDto[]>(`/api/responses/${questionId}`),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
