import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchetypeDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/mini/archetype/{id} (404: 'Result Not Found'). */
export const archetypeQuery = (archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniArchetype(archetypeId),
    queryFn: () => api<ArchetypeDto>(`/api/mini/archetype/${encodeURIComponent(archetypeId)}`),
    retry: false,
    staleTime: Infinity,
  });

export const useArchetype = (archetypeId: string, enabled: boolean) =>
  useQuery({ ...archetypeQuery(archetypeId), enabled });
