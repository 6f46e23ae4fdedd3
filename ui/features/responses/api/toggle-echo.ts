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
 * Echoes (`echoed`: true) or withdraws an echo, kept in the outbox until Boon has it: offline
 * it waits, and is sent once on reconnecting, even after a reload (ui/lib/offline/outbox.ts).
 * The write says which it is, so the card shows it the same whether or not the answer read
 * since already has it.
 */
export const toggleEcho = (response: ResponseDto, echoed: boolean) =>
  sendOrKeep<ToggleEchoResult>({
    kind: 'echo',
    path: `/api/responses/${encodeURIComponent(response.id)}/echo`,
    about: {
      questionId: response.questionId,
      responseId: response.id,
      responseAuthor: response.username,
      echoed,
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
 * An answer as it stands with the echoes on it still waiting: the last one says whether the
 * person echoes it. A press shows at once (it is in the outbox from the press), moves back if
 * Boon says no, and says it waits while Boon cannot be reached; the server stays the authority
 * on the limit. The answer as last read may already have the echo being sent (a live notice
 * reads it again while the press's own answer is on its way): it is then not counted twice,
 * so the button never shows the echo undone for a moment, when a press would undo it for good.
 */
export const useEchoShown = (response: ResponseDto) => {
  const pending = useOutbox().filter(
    (write) =>
      write.kind === 'echo' && write.about.responseId === response.id && write.status !== 'refused',
  );
  const last = pending[pending.length - 1];
  // A write kept by an earlier version says only that it toggles.
  const hasEchoed =
    last === undefined
      ? response.hasEchoed
      : (last.about.echoed ?? response.hasEchoed !== (pending.length % 2 === 1));
  const moved = hasEchoed === response.hasEchoed ? 0 : hasEchoed ? 1 : -1;
  return {
    hasEchoed,
    echoCount: Math.max(0, response.echoCount + moved),
    waiting: pending.some((write) => write.status === 'waiting'),
  };
};

export const useToggleEcho = (questionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ response, echoed }: { response: ResponseDto; echoed: boolean }) =>
      toggleEcho(response, echoed),
    // Offline too: the outbox keeps it (a paused mutation would be lost with the page).
    networkMode: 'always',
    // A refetch landing now would draw the answer as it was before the press.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.responses(questionId) }),
  });
};
