import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpinionMapDto } from '../../../../domain/contracts/opinions';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/opinions/{questionId}: the map, the caller's own place on it when they have one. */
export const opinionMapQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.opinionMap(questionId),
    queryFn: () => api<OpinionMapDto>(`/api/opinions/${questionId}`),
  });

export const useOpinionMap = (questionId: number) => useQuery(opinionMapQuery(questionId));
