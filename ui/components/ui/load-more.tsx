import { useEffect, useRef } from 'react';
import { fetchMore, type PagedList } from '../../lib/paged-query';
import { Button } from './button';

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
  const { hasNextPage: hasMore, isFetchingNextPage: loading, data, fetchNextPage } = paged;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loading)
          void fetchMore({ data, fetchNextPage });
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, data, fetchNextPage]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
      <p className="text-small text-ink-muted" aria-live="polite">
        Showing {paged.list.length} of {paged.total}
      </p>
      <Button variant="secondary" onClick={() => void fetchMore(paged)} disabled={loading}>
        {loading ? 'Loading more…' : label}
      </Button>
    </div>
  );
};
