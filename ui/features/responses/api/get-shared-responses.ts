import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SharedPairDto } from '../../../../domain/contracts/shared-responses';
import { apiPage, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSharedResponses = (path: string) => apiPage<SharedPairDto>(path);

/**
 * A question's pairs of contrasting answers, oldest first, a page at a time. Refetched every
 * 5 minutes (the spec's rule), and live when a notice arrives.
 */
export const sharedResponsesQuery = (questionId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sharedResponses(questionId),
    queryFn: ({ pageParam }) => getSharedResponses(pageParam),
    initialPageParam: `/api/shared-responses/${questionId}`,
    getNextPageParam: (last: Page<SharedPairDto>) => last.next ?? undefined,
    refetchInterval: 300_000,
    retry: false,
  });

export const useSharedResponses = (questionId: number) => {
  const query = useInfiniteQuery(sharedResponsesQuery(questionId));
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    list: pages.flatMap((page) => page.items),
    total: pages[0]?.total ?? 0,
  };
};
