import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const remove = (id: string) =>
  api<CommandResult>(`/api/journal/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes one entry; the list is fetched again afterwards. */
export const useDeleteJournalEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.journal }),
  });
};
