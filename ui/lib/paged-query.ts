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

export { fetchMore, type PagedList } from './paged-list';
