import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NarrativeDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/mini/narrative: today's dilemma told as prompts (the legacy flow; cached 30 min). */
export const narrativeQuery = queryOptions({
  queryKey: queryKeys.miniNarrative,
  queryFn: () => api<NarrativeDto>('/api/mini/narrative'),
  staleTime: 30 * 60_000,
  retry: false,
});

export const useNarrative = (enabled: boolean) => useQuery({ ...narrativeQuery, enabled });
