import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedPairDto } from '../../../../domain/contracts/shared-responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Today's pairs of contrasting answers; refetched every 5 minutes (the spec's rule). */
export const sharedResponsesQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.sharedResponses(questionId),
    queryFn: () => api<SharedPairDto[]>(`/api/shared-responses/${questionId}`),
    refetchInterval: 300_000,
    retry: false,
  });

export const useSharedResponses = (questionId: number | null) =>
  useQuery({ ...sharedResponsesQuery(questionId ?? 0), enabled: questionId !== null });
