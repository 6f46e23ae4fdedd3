import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReplyDto } from '../../../../domain/contracts/replies';
import { apiPage, pagedList, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getReplies = (path: string) => apiPage<ReplyDto>(path);

/** A response's replies, oldest first, a page at a time; a live notice refreshes the pages. */
export const repliesQuery = (questionId: number, responseId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.replies(questionId, responseId),
    queryFn: ({ pageParam }) => getReplies(pageParam),
    initialPageParam: `/api/replies/${encodeURIComponent(responseId)}`,
    getNextPageParam: (last: Page<ReplyDto>) => last.next ?? undefined,
    staleTime: 0,
  });

export const useReplies = (questionId: number, responseId: string) => {
  const query = useInfiniteQuery(repliesQuery(questionId, responseId));
  return { ...query, ...pagedList(query.data?.pages) };
};
