import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedPairDto } from '../../../../domain/contracts/shared-responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSharedResponses = (questionId: number) =>
  api<SharedPairDto[]>(`/api/shared-responses/${questionId}`);

/** Refetched every 5 minutes (the spec's rule), and live when a notice arrives. */
export const sharedResponsesQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.sharedResponses(questionId),
    queryFn: () => getSharedResponses(questionId),
    refetchInterval: 300_000,
    retry: false,
  });

export const useSharedResponses = (questionId: number) =>
  useQuery(sharedResponsesQuery(questionId));
