import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { pagedList, type Page } from './api-client';

/**
 * A list the server pages: the first page's path, then each page's `Link: rel="next"`.
 * `fetchPage` fetches one page (`apiPage`; the admin lists' `adminPage` sends the admin token).
 */
export const pagedQuery = <T, const K extends QueryKey>(
  queryKey: K,
  firstPage: string,
  fetchPage: (path: string) => Promise<Page<T>>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
  });

/** A paged list's query, with its loaded pages as one `list` and the server's `total`. */
export const usePagedList = <T, K extends QueryKey>(
  options: UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, K, string>,
) => {
  const query = useInfiniteQuery(options);
  return { ...query, ...pagedList(query.data?.pages) };
};

/** What `LoadMore` needs of a paged list. */
export type PagedList = {
  list: readonly unknown[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A fetch of any kind under way (the next page, or the whole list again). */
  isFetching: boolean;
  /** The pages loaded (the query's data), to tell whether a press brought one more. */
  data?: { pages: readonly unknown[] } | undefined;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<{
    data?: { pages: readonly unknown[] } | undefined;
    hasNextPage: boolean;
    isError: boolean;
  }>;
};

/** Asks before a press is left to the list's own state: enough for both races below. */
const MORE_ATTEMPTS = 4;

/**
 * The next page, for a press or a scroll: a request already under way is kept, not restarted
 * (a click scrolls the button into view, and the scroll asks too). A press is never lost to a
 * refetch of the whole list (a live notice that it changed): one under way when pressed answers
 * in place of the next page, and one that starts meanwhile cancels it; either way the pages
 * are as many as before, and the next page is asked for again once the refetch has settled.
 */
export const fetchMore = async (paged: Pick<PagedList, 'data' | 'fetchNextPage'>) => {
  const before = paged.data?.pages.length ?? 0;
  for (let attempt = 0; attempt < MORE_ATTEMPTS; attempt++) {
    const result = await paged.fetchNextPage({ cancelRefetch: false });
    if ((result.data?.pages.length ?? 0) > before || !result.hasNextPage || result.isError) return;
  }
};
