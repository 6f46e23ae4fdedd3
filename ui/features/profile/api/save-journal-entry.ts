import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntryType, JournalWriteResult } from '../../../../domain/contracts/journal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type JournalDraft = {
  title: string;
  content: string;
  mood: string | null;
  tags: string[];
};

const write = (draft: JournalDraft & { entryType: EntryType }) =>
  api<JournalWriteResult>('/api/journal', { method: 'POST', body: { ...draft, isPrivate: true } });

const edit = ({ id, ...draft }: JournalDraft & { id: string }) =>
  api<JournalWriteResult>(`/api/journal/${encodeURIComponent(id)}`, { method: 'PUT', body: draft });

const useJournalMutation = <V>(fn: (variables: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.journal });
      void client.invalidateQueries({ queryKey: queryKeys.badges });
    },
  });
};

/** Writes a new entry; the list is fetched again once it is saved. */
export const useWriteJournalEntry = () => useJournalMutation(write);

/** Saves an edited entry. */
export const useEditJournalEntry = () => useJournalMutation(edit);
