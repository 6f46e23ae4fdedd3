/*
 * What a paged list offers the controls that ask for more of it, and the asking itself: no
 * browser or query-library code here (unit tests run it on TanStack's own observer).
 */

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
