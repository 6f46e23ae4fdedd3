import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayResultDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/mini/dilemma/{id}/result: the caller's result today, if any. */
export const todayResultQuery = (dilemmaId: string) =>
  queryOptions({
    queryKey: queryKeys.miniResult(dilemmaId),
    queryFn: () => api<TodayResultDto>(`/api/mini/dilemma/${encodeURIComponent(dilemmaId)}/result`),
    staleTime: 0,
    // Never shown from an earlier visit: a journey finished since then would look undone.
    gcTime: 0,
  });

export const useTodayResult = (dilemmaId: string | undefined) =>
  useQuery({ ...todayResultQuery(dilemmaId ?? ''), enabled: dilemmaId !== undefined });
