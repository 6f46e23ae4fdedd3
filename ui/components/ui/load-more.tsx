import { useEffect, useRef } from 'react';
import { Button } from './button';

/**
 * The next page of a paged list: loaded as the reader nears the end of the list, or by the
 * button (keyboard and screen-reader users, and anyone who prefers to ask).
 */
export const LoadMore = ({
  hasMore,
  loading,
  shown,
  total,
  label,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  shown: number;
  total: number;
  /** What the button says, e.g. 'Show more answers'. */
  label: string;
  /**
   * Asks for the next page. The button and the scroll can both ask at once (a click scrolls
   * the button into view): a request already under way must be kept, not restarted
   * (`fetchNextPage({ cancelRefetch: false })`).
   */
  onMore: () => void;
}) => {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loading) onMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, onMore]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
      <p className="text-small text-ink-muted" aria-live="polite">
        Showing {shown} of {total}
      </p>
      <Button variant="secondary" onClick={onMore} disabled={loading}>
        {loading ? 'Loading more…' : label}
      </Button>
    </div>
  );
};
