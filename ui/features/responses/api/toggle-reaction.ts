import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ReactionEmoji,
  ReactionSummaryDto,
  ToggleReactionResult,
} from '../../../../domain/contracts/reactions';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { api, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const toggleReaction = (responseId: string, emoji: ReactionEmoji) =>
  api<ToggleReactionResult>(`/api/responses/${encodeURIComponent(responseId)}/reactions`, {
    method: 'POST',
    body: { emoji },
  });

/** The summary with the caller's reaction set to `on` (counts never below 0). */
const withMine = (summary: ReactionSummaryDto, emoji: ReactionEmoji, on: boolean) => {
  if (summary.mine.includes(emoji) === on) return summary;
  return {
    counts: { ...summary.counts, [emoji]: Math.max(0, summary.counts[emoji] + (on ? 1 : -1)) },
    mine: on ? [...summary.mine, emoji] : summary.mine.filter((e) => e !== emoji),
  };
};

type Toggle = { response: ResponseDto; emoji: ReactionEmoji };

/**
 * A reaction as an optimistic toggle: the count and pressed state move at once and move back
 * if the server says no; the server's answer (and the live topic) settle it.
 */
export const useToggleReaction = (questionId: number) => {
  const queryClient = useQueryClient();
  const key = queryKeys.responses(questionId);
  const mark = (responseId: string, emoji: ReactionEmoji, on: boolean) =>
    queryClient.setQueryData<InfiniteData<Page<ResponseDto>>>(key, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((r) =>
                r.id === responseId ? { ...r, reactions: withMine(r.reactions, emoji, on) } : r,
              ),
            })),
          }
        : data,
    );
  return useMutation({
    mutationFn: ({ response, emoji }: Toggle) => toggleReaction(response.id, emoji),
    onMutate: async ({ response, emoji }) => {
      await queryClient.cancelQueries({ queryKey: key });
      mark(response.id, emoji, !response.reactions.mine.includes(emoji));
    },
    onError: (_error, { response, emoji }) =>
      mark(response.id, emoji, response.reactions.mine.includes(emoji)),
    onSuccess: (result, { response }) => mark(response.id, result.emoji, result.reacted),
  });
};
