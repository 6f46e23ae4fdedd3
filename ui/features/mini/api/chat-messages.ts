import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessageDto } from '../../../../domain/contracts/mini';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const chatPath = (dilemmaId: string, archetypeId: string) =>
  `/api/mini/dilemma/${encodeURIComponent(dilemmaId)}/archetype/${encodeURIComponent(archetypeId)}/chat`;

/** The spec's poll: every 10 s, each request given up after 5 s. */
export const CHAT_POLL_MS = 10_000;
export const CHAT_POLL_TIMEOUT_MS = 5_000;

/**
 * GET /api/mini/dilemma/{d}/archetype/{a}/chat: the Fellow Travelers chat. New messages are
 * pushed (the live topic invalidates this query); the poll covers a lost socket, and a request
 * that has no answer in 5 s fails (the chat says so) rather than hanging until the next one.
 */
export const chatMessagesQuery = (dilemmaId: string, archetypeId: string) =>
  queryOptions({
    queryKey: queryKeys.miniChat(dilemmaId, archetypeId),
    queryFn: ({ signal }) =>
      api<ChatMessageDto[]>(chatPath(dilemmaId, archetypeId), {
        signal,
        timeoutMs: CHAT_POLL_TIMEOUT_MS,
      }),
    refetchInterval: CHAT_POLL_MS,
    retry: false,
  });

export const useChatMessages = (dilemmaId: string, archetypeId: string) =>
  useQuery(chatMessagesQuery(dilemmaId, archetypeId));
