import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FellowTravelerDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/mini/dilemma/{d}/archetype/{a}/results: how many others share the path today. */
export const fellowTravelersQuery = (dilemmaId: string, archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniFellows(dilemmaId, archetypeId),
    queryFn: () =>
      api<FellowTravelerDto[]>(
        `/api/mini/dilemma/${encodeURIComponent(dilemmaId)}/archetype/${encodeURIComponent(archetypeId)}/results`,
      ),
  });

export const useFellowTravelers = (dilemmaId: string | undefined, archetypeId: string) =>
  useQuery({
    ...fellowTravelersQuery(dilemmaId ?? '', archetypeId),
    enabled: dilemmaId !== undefined,
  });
