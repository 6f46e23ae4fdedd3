import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ToggleEchoResult } from '../../../../domain/contracts/echoes';
import type { EchoUsageDto, ResponseDto } from '../../../../domain/contracts/responses';
import { api, ApiError, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const toggleEcho = (responseId: string) =>
  api<ToggleEchoResult>(`/api/responses/${encodeURIComponent(responseId)}/echo`, {
    method: 'POST',
  });

/** The server refused because today's echoes are used up: told by the status, not the text. */
export const isEchoLimit = (error: unknown) => error instanceof ApiError && error.status === 429;

/**
 * Echo as an optimistic toggle: the card's count and pressed state move at once (never below
 * 0) and move back if the server says no; the server stays the authority on the limit.
 */
export const useToggleEcho = (questionId: number) => {
  const queryClient = useQueryClient();
  const key = queryKeys.responses(questionId);
  const mark = (responseId: string, hasEchoed: boolean) =>
    queryClient.setQueryData<InfiniteData<Page<ResponseDto>>>(key, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((r) =>
                r.id === responseId && r.hasEchoed !== hasEchoed
                  ? { ...r, hasEchoed, echoCount: Math.max(0, r.echoCount + (hasEchoed ? 1 : -1)) }
                  : r,
              ),
            })),
          }
        : data,
    );
  return useMutation({
    mutationFn: (response: ResponseDto) => toggleEcho(response.id),
    onMutate: async (response) => {
      await queryClient.cancelQueries({ queryKey: key });
      mark(response.id, !response.hasEchoed);
    },
    onError: (_error, response) => mark(response.id, response.hasEchoed),
    onSuccess: (result, response) => {
      mark(response.id, result.hasEchoed);
      queryClient.setQueryData<EchoUsageDto>(queryKeys.echoUsage, (usage) => ({
        used: result.echoesUsed,
        dailyLimit: result.dailyLimit,
        remaining: Math.max(0, result.dailyLimit - result.echoesUsed),
        resetsAt: result.resetsAt ?? usage?.resetsAt ?? '',
      }));
    },
  });
};
