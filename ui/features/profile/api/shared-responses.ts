import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SharedPairDto } from '../../../../domain/contracts/shared-responses';
import { apiPage, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Today's pairs of contrasting answers, a page at a time (the same query, key and pages as
 * the discussion's panel); refetched every 5 minutes (the spec's rule).
 */
export const sharedResponsesQuery = (questionId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sharedResponses(questionId),
    queryFn: ({ pageParam }) => apiPage<SharedPairDto>(pageParam),
    initialPageParam: `/api/shared-responses/${questionId}`,
    getNextPageParam: (last: Page<SharedPairDto>) => last.next ?? undefined,
    refetchInterval: 300_000,
    retry: false,
  });

export const useSharedResponses = (questionId: number | null) => {
  const query = useInfiniteQuery({
    ...sharedResponsesQuery(questionId ?? 0),
    enabled: questionId !== null,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    list: pages.flatMap((page) => page.items),
    total: pages[0]?.total ?? 0,
  };
};
