import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { apiPage, pagedList, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getResponses = (path: string) => apiPage<ResponseDto>(path);

/**
 * A question's answers, a page at a time (own answer first, then the spec's order). Always
 * fresh on mount (the spec's rule for response queries); a live notice refreshes the pages
 * on screen.
 */
export const responsesQuery = (questionId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.responses(questionId),
    queryFn: ({ pageParam }) => getResponses(pageParam),
    initialPageParam: `/api/responses/${questionId}`,
    getNextPageParam: (last: Page<ResponseDto>) => last.next ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });

export const useResponses = (questionId: number) => {
  const query = useInfiniteQuery(responsesQuery(questionId));
  return { ...query, ...pagedList(query.data?.pages) };
};
