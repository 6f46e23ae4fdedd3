import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteReply = (replyId: string) =>
  api<CommandResult>(`/api/replies/${encodeURIComponent(replyId)}`, { method: 'DELETE' });

export const useDeleteReply = (questionId: number, responseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReply,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.replies(questionId, responseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.responses(questionId) });
    },
  });
};
