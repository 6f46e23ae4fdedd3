import type { ReplyDto } from '../../../../domain/contracts/replies';
import { apiPage } from '../../../lib/api-client';
import { pagedQuery, usePagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** A response's replies, oldest first, a page at a time; a live notice refreshes the pages. */
export const repliesQuery = (questionId: number, responseId: string) => ({
  ...pagedQuery(
    queryKeys.replies(questionId, responseId),
    `/api/replies/${encodeURIComponent(responseId)}`,
    apiPage<ReplyDto>,
  ),
  staleTime: 0,
});

export const useReplies = (questionId: number, responseId: string) =>
  usePagedList(repliesQuery(questionId, responseId));
