import { queryOptions } from '@tanstack/react-query';
import type { SharedPairDto } from '../../../../domain/contracts/shared-responses';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';

export const sharedResponsesQuery = (questionId: number) =>
  queryOptions({
    queryKey: ['shared-responses', questionId] as const,
    queryFn: () => api<SharedPairDto[]>(`/api/shared-responses/${questionId}`),
    refetchInterval: 300_000,
    retry: false,
  });

export const recordPairView = (pairId: string) =>
  api<CommandResult>(`/api/shared-responses/pairs/${encodeURIComponent(pairId)}/views`, {
    method: 'POST',
  });
