import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyDto } from '../../../../domain/contracts/replies';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getReplies = (responseId: string) =>
  api<ReplyDto[]>(`/api/replies/${encodeURIComponent(responseId)}`);

export const repliesQuery = (questionId: number, responseId: string) =>
  queryOptions({
    queryKey: queryKeys.replies(questionId, responseId),
    queryFn: () => getReplies(responseId),
    staleTime: 0,
  });

export const useReplies = (questionId: number, responseId: string) =>
  useQuery(repliesQuery(questionId, responseId));
