import type { ReplyDto } from '../../../../domain/contracts/replies';
import { apiPage } from '../../../lib/api-client';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export const getReplies = (path: string) => apiPage<ReplyDto>(path);

/** A response's replies, oldest first, a page at a time; a live notice refreshes the pages. */
export const repliesQuery = (questionId: number, responseId: string) => ({
  ...pagedQuery(
    queryKeys.replies(questionId, responseId),
    `/api/replies/${encodeURIComponent(responseId)}`,
    getReplies,
  ),
  staleTime: 0,
});

export const useReplies = (questionId: number, responseId: string) =>
  usePagedList(repliesQuery(questionId, responseId));
