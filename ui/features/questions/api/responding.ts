import { queryOptions } from '@tanstack/react-query';
import type { ResourceDto } from '../../../../domain/contracts/questions';
import type { HasRespondedDto, SubmitResponseResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { sendOrKeep, useOutbox } from '../../../lib/offline/outbox';
import { queryKeys } from '../../../lib/query-keys';

export const hasRespondedQuery = queryOptions({
  queryKey: queryKeys.hasResponded,
  queryFn: () => api<HasRespondedDto>('/api/user/has-responded'),
  staleTime: 0,
});

export const resourcesQuery = (questionId: number) =>
  queryOptions({
    queryKey: queryKeys.resources(questionId),
    queryFn: () => api<ResourceDto[]>(`/api/resources?questionId=${questionId}`),
  });

/**
 * Shares today's answer, kept in the outbox until Boon has it: offline it waits (Home shows it
 * waiting) and is shared once on reconnecting, even after a reload, never twice.
 */
export const submitResponse = (
  body: { content: string; questionId: number; spectrumPosition: number | null },
  day: string,
) =>
  sendOrKeep<SubmitResponseResult>({
    kind: 'answer',
    path: '/api/responses',
    body,
    text: body.content,
    about: { questionId: body.questionId, day },
  });

/** Today's answer while it waits for the connection (not while it is being sent). */
export const useWaitingAnswer = (questionId: number) =>
  useOutbox().find(
    (write) =>
      write.kind === 'answer' &&
      write.about.questionId === questionId &&
      write.status === 'waiting',
  );
