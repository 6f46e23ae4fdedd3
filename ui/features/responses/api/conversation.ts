import { queryOptions } from '@tanstack/react-query';
import type { EchoStatusDto, ToggleEchoResult } from '../../../../domain/contracts/echoes';
import type { PostReplyResult, ReplyDto } from '../../../../domain/contracts/replies';
import type { CommandResult } from '../../../../domain/contracts/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const echoStatusQuery = (responseId: string) =>
  queryOptions({
    queryKey: queryKeys.echoStatus(responseId),
    queryFn: () =>
      api<EchoStatusDto>(`/api/responses/${encodeURIComponent(responseId)}/echo-status`),
  });

export const toggleEcho = (responseId: string) =>
  api<ToggleEchoResult>(`/api/responses/${encodeURIComponent(responseId)}/echo`, {
    method: 'POST',
  });

export const repliesQuery = (responseId: string) =>
  queryOptions({
    queryKey: queryKeys.replies(responseId),
    queryFn: () => api<ReplyDto[]>(`/api/replies/${encodeURIComponent(responseId)}`),
    staleTime: 0,
  });

export const postReply = (body: { content: string; responseId: string }) =>
  api<PostReplyResult>('/api/replies', { method: 'POST', body });

export const deleteReply = (replyId: string) =>
  api<CommandResult>(`/api/replies/${encodeURIComponent(replyId)}`, { method: 'DELETE' });

export const deleteResponse = (responseId: string) =>
  api<CommandResult>(`/api/responses/${encodeURIComponent(responseId)}`, { method: 'DELETE' });
