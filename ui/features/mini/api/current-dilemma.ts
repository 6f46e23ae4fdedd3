import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DilemmaDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/mini/current: today's dilemma (404 when there is none). */
export const currentDilemmaQuery = queryOptions({
  queryKey: queryKeys.miniCurrent,
  queryFn: () => api<DilemmaDto>('/api/mini/current'),
  retry: false,
});

export const useCurrentDilemma = (enabled: boolean) =>
  useQuery({ ...currentDilemmaQuery, enabled });
