import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryDto } from '../../../../domain/contracts/journal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's entries written on this day of the month in earlier months and years. */
export const onThisDayQuery = queryOptions({
  queryKey: [...queryKeys.journal, 'on-this-day'],
  queryFn: () => api<JournalEntryDto[]>('/api/journal/on-this-day'),
});

export const useOnThisDay = () => useQuery(onThisDayQuery);
