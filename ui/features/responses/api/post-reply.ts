import { useMutation, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { PostReplyResult, ReplyDto } from '../../../../domain/contracts/replies';
import type { Page } from '../../../lib/api-client';
import { sendOrKeep, useOutbox, whenSent } from '../../../lib/offline/outbox';
import { queryKeys } from '../../../lib/query-keys';

type Thread = { questionId: number; responseId: string; responseAuthor: string };

/**
 * Posts a reply, kept in the outbox until Boon has it: offline it waits (shown at the thread's
 * end) and is sent once on reconnecting, even after a reload.
 */
export const postReply = (content: string, thread: Thread) =>
  sendOrKeep<PostReplyResult>({
    kind: 'reply',
    path: '/api/replies',
    body: { content, responseId: thread.responseId },
    text: content,
    about: thread,
  });

/** Boon's reply in its thread (as the waiting one leaves it), then the thread and counts afresh. */
const takeReply = (
  client: QueryClient,
  questionId: number,
  responseId: string,
  reply: ReplyDto,
) => {
  const key = queryKeys.replies(questionId, responseId);
  client.setQueryData<InfiniteData<Page<ReplyDto>>>(key, (data) => {
    const last = data?.pages[data.pages.length - 1];
    if (!data || !last || data.pages.some((page) => page.items.some((r) => r.id === reply.id))) {
      return data;
    }
    return {
      ...data,
      pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, reply] }],
    };
  });
  void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: queryKeys.responses(questionId) });
};

whenSent('reply', (write, body, client) => {
  const { questionId, responseId } = write.about;
  if (questionId !== undefined && responseId !== undefined) {
    takeReply(client, questionId, responseId, (body as PostReplyResult).reply);
  }
});

/** This thread's replies that Boon does not have yet: sending, or waiting for the connection. */
export const useWaitingReplies = (responseId: string) =>
  useOutbox().filter(
    (write) =>
      write.kind === 'reply' && write.about.responseId === responseId && write.status !== 'refused',
  );

/** Posting a reply: Boon's answer goes into its thread; offline, it waits. */
export const usePostReply = (thread: Thread) =>
  useMutation({
    mutationFn: (content: string) => postReply(content, thread),
    // Offline too: the outbox keeps it (a paused mutation would be lost with the page).
    networkMode: 'always',
  });
