import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FellowTravelerDto } from '../../../../domain/contracts/mini';
import { apiPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/mini/dilemma/{d}/archetype/{a}/results: how many others share the path today. The
 * list is capped (the first 100); its X-Total-Count header is the count.
 */
export const fellowTravelersQuery = (dilemmaId: string, archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniFellows(dilemmaId, archetypeId),
    queryFn: async () =>
      (
        await apiPage<FellowTravelerDto>(
          `/api/mini/dilemma/${encodeURIComponent(dilemmaId)}/archetype/${encodeURIComponent(archetypeId)}/results`,
        )
      ).total,
  });

/** The number of people who reached this archetype on today's dilemma. */
export const useFellowTravelers = (dilemmaId: string | undefined, archetypeId: string) =>
  useQuery({
    ...fellowTravelersQuery(dilemmaId ?? '', archetypeId),
    enabled: dilemmaId !== undefined,
  });
