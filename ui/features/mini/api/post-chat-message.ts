import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChatMessageDto,
  PostChatMessageBody,
  PostChatMessageResult,
} from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { chatPath } from './chat-messages';

/** POST /api/mini/dilemma/{d}/archetype/{a}/chat: the sent message joins the list at once. */
export const usePostChatMessage = (dilemmaId: string, archetypeId: string) => {
  const queryClient = useQueryClient();
  const key = queryKeys.miniChat(dilemmaId, archetypeId);
  return useMutation({
    mutationFn: (body: PostChatMessageBody) =>
      api<PostChatMessageResult>(chatPath(dilemmaId, archetypeId), { method: 'POST', body }),
    onSuccess: ({ message }) =>
      queryClient.setQueryData<ChatMessageDto[]>(key, (list = []) =>
        list.some((m) => m.id === message.id) ? list : [...list, message],
      ),
  });
};
