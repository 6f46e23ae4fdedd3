import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ToggleEchoResult } from '../../../../domain/contracts/echoes';
import type { EchoUsageDto, ResponseDto } from '../../../../domain/contracts/responses';
import { ApiError, type Page } from '../../../lib/api-client';
import { sendOrKeep, useOutbox, whenSent } from '../../../lib/offline/outbox';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Echoes (or withdraws an echo), kept in the outbox until Boon has it: offline it waits, and
 * is sent once on reconnecting, even after a reload (ui/lib/offline/outbox.ts).
 */
export const toggleEcho = (response: ResponseDto) =>
  sendOrKeep<ToggleEchoResult>({
    kind: 'echo',
    path: `/api/responses/${encodeURIComponent(response.id)}/echo`,
    about: {
      questionId: response.questionId,
      responseId: response.id,
      responseAuthor: response.username,
    },
  });

/** The server refused because today's echoes are used up: told by the status, not the text. */
export const isEchoLimit = (error: unknown) => error instanceof ApiError && error.status === 429;

/** Boon's answer to an echo, in the cache: the card's state and count, and the day's usage. */
const takeEcho = (
  client: QueryClient,
  questionId: number,
  responseId: string,
  result: ToggleEchoResult,
) => {
  client.setQueryData<InfiniteData<Page<ResponseDto>>>(queryKeys.responses(questionId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((r) =>
              r.id === responseId && r.hasEchoed !== result.hasEchoed
                ? {
                    ...r,
                    hasEchoed: result.hasEchoed,
                    echoCount: Math.max(0, r.echoCount + (result.hasEchoed ? 1 : -1)),
                  }
                : r,
            ),
          })),
        }
      : data,
  );
  client.setQueryData<EchoUsageDto>(queryKeys.echoUsage, (usage) => ({
    used: result.echoesUsed,
    dailyLimit: result.dailyLimit,
    remaining: Math.max(0, result.dailyLimit - result.echoesUsed),
    resetsAt: result.resetsAt || usage?.resetsAt || '',
  }));
};

whenSent('echo', (write, body, client) => {
  const { questionId, responseId } = write.about;
  if (questionId !== undefined && responseId !== undefined) {
    takeEcho(client, questionId, responseId, body as ToggleEchoResult);
  }
});

/**
 * An answer as it stands with the echoes on it still waiting: each toggles it once more. A
 * toggle shows at once (it is in the outbox from the press), moves back if Boon says no, and
 * says it waits while Boon cannot be reached; the server stays the authority on the limit.
 */
export const useEchoShown = (response: ResponseDto) => {
  const pending = useOutbox().filter(
    (write) =>
      write.kind === 'echo' && write.about.responseId === response.id && write.status !== 'refused',
  );
  const toggled = pending.length % 2 === 1;
  const hasEchoed = response.hasEchoed !== toggled;
  return {
    hasEchoed,
    echoCount: Math.max(0, response.echoCount + (toggled ? (hasEchoed ? 1 : -1) : 0)),
    waiting: pending.some((write) => write.status === 'waiting'),
  };
};

export const useToggleEcho = (questionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: ResponseDto) => toggleEcho(response),
    // Offline too: the outbox keeps it (a paused mutation would be lost with the page).
    networkMode: 'always',
    // A refetch landing now would draw the answer as it was before the press.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.responses(questionId) }),
  });
};
