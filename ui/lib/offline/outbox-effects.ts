import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { SubmitResponseResult } from '../../../domain/contracts/responses';
import { localRecords } from '../local-responses';
import { queryKeys } from '../query-keys';
import type { OutboxWrite } from './outbox-store';

/** What a write Boon accepted later changes: those queries are asked for again. */
const changedBy = ({ kind, about }: OutboxWrite): QueryKey[] => {
  const discussion = about.questionId === undefined ? [] : [queryKeys.responses(about.questionId)];
  switch (kind) {
    case 'answer':
      return [
        queryKeys.hasResponded,
        ...discussion,
        queryKeys.myResponses,
        queryKeys.streak,
        queryKeys.badges,
      ];
    case 'echo':
      return [...discussion, queryKeys.echoUsage];
    case 'reply':
      return about.questionId !== undefined && about.responseId !== undefined
        ? [queryKeys.replies(about.questionId, about.responseId), ...discussion]
        : discussion;
    case 'journal':
      return [queryKeys.journal, queryKeys.badges];
  }
};

/**
 * A write that waited is in (sent on reconnecting, by another tab or by the worker): what it
 * changed is asked for again, and an answer is remembered as this browser's answer of the day,
 * as one shared at once is. A read of it already under way began before the write was in (on
 * reconnecting, the page asks again while the worker sends): it is called off first, since
 * asking again while one is under way is answered by that one (when the query has no answer
 * yet, as after a reload offline), which would show the person as if their write had not
 * happened (Home's answer box again after answering).
 */
export const afterSent = (client: QueryClient, write: OutboxWrite, body: unknown) => {
  const { questionId, day } = write.about;
  if (write.kind === 'answer' && questionId !== undefined && day !== undefined) {
    localRecords.add({ id: (body as SubmitResponseResult).id, questionId, day });
  }
  for (const queryKey of changedBy(write)) {
    void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }
};
