import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessageDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const chatPath = (dilemmaId: string, archetypeId: string) =>
  `/api/mini/dilemma/${encodeURIComponent(dilemmaId)}/archetype/${encodeURIComponent(archetypeId)}/chat`;

/**
 * GET /api/mini/dilemma/{d}/archetype/{a}/chat: the Fellow Travelers chat. New messages are
 * pushed (the live topic invalidates this query); the 10 s poll covers a lost socket.
 */
export const chatMessagesQuery = (dilemmaId: string, archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniChat(dilemmaId, archetypeId),
    queryFn: () => api<ChatMessageDto[]>(chatPath(dilemmaId, archetypeId)),
    refetchInterval: 10_000,
    retry: false,
  });

export const useChatMessages = (dilemmaId: string, archetypeId: string) =>
  useQuery(chatMessagesQuery(dilemmaId, archetypeId));
