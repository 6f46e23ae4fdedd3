import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteResponse = (responseId: string) =>
  api<CommandResult>(`/api/responses/${encodeURIComponent(responseId)}`, { method: 'DELETE' });

/** Deleting one's answer refreshes the list and has-responded (the day is free again). */
export const useDeleteResponse = (questionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.responses(questionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hasResponded });
    },
  });
};
