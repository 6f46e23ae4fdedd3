import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JourneyQuestionDto } from '../../../../domain/contracts/archive';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every question asked so far, each with the caller's own answer when they gave one. */
export const journeyQuery = queryOptions({
  queryKey: queryKeys.journey,
  queryFn: () => api<JourneyQuestionDto[]>('/api/journey/questions'),
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useJourney = () => useQuery(journeyQuery);
