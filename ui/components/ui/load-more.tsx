import { useEffect, useRef } from 'react';
import type { PagedList } from '../../lib/paged-query';
import { Button } from './button';

/**
 * The button and the scroll can both ask at once (a click scrolls the button into view): a
 * request already under way is kept, not restarted. A refetch of the whole list under way (a
 * notice that it changed) is kept too, and answers in place of the next page: the next page is
 * asked for once it has settled, so a press is never lost.
 */
const more = async (
  paged: Pick<PagedList, 'isFetching' | 'isFetchingNextPage' | 'fetchNextPage'>,
) => {
  const refetching = paged.isFetching && !paged.isFetchingNextPage;
  await paged.fetchNextPage({ cancelRefetch: false });
  if (refetching) await paged.fetchNextPage({ cancelRefetch: false });
};

/**
 * The next page of a paged list: loaded as the reader nears the end of the list, or by the
 * button (keyboard and screen-reader users, and anyone who prefers to ask).
 */
export const LoadMore = ({
  paged,
  label,
}: {
  paged: PagedList;
  /** What the button says, e.g. 'Show more answers'. */
  label: string;
}) => {
  const { hasNextPage: hasMore, isFetchingNextPage: loading, isFetching, fetchNextPage } = paged;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loading)
          void more({ isFetching, isFetchingNextPage: loading, fetchNextPage });
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, isFetching, fetchNextPage]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
      <p className="text-small text-ink-muted" aria-live="polite">
        Showing {paged.list.length} of {paged.total}
      </p>
      <Button variant="secondary" onClick={() => void more(paged)} disabled={loading}>
        {loading ? 'Loading more…' : label}
      </Button>
    </div>
  );
};
