import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostReplyResult } from '../../../../domain/contracts/replies';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const postReply = (body: { content: string; responseId: string }) =>
  api<PostReplyResult>('/api/replies', { method: 'POST', body });

/** Posting a reply refreshes its thread and the answers' reply counts. */
export const usePostReply = (questionId: number, responseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postReply({ content, responseId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.replies(questionId, responseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.responses(questionId) });
    },
  });
};
