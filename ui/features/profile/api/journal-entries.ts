import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryDto } from '../../../../domain/contracts/journal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's own entries, newest first; `search` narrows them on the server. */
export const journalEntriesQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryKeys.journal, 'list', search],
    queryFn: () =>
      api<JournalEntryDto[]>(
        search ? `/api/journal?q=${encodeURIComponent(search)}` : '/api/journal',
      ),
  });

export const useJournalEntries = (search: string) => useQuery(journalEntriesQuery(search));
