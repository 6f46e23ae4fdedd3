import { cx } from './cx';

/** A grey block where content is about to appear; hidden from screen readers. */
export const Skeleton = ({ className = '' }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cx('block rounded-md bg-surface-sunken skeleton-pulse', className)}
  />
);

/** The outline of a card: a title line and a few lines of text. */
export const SkeletonCard = ({ lines = 3 }: { lines?: number }) => (
  <div
    aria-hidden="true"
    className="rounded-lg border border-line bg-surface p-4 shadow-card sm:p-5"
  >
    <Skeleton className="h-4 w-1/3" />
    <div className="mt-4 space-y-2">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cx('h-3', i === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  </div>
);

/** A list that is loading: n card outlines, announced once as loading. */
export const SkeletonList = ({
  count,
  label,
  lines,
  className = 'grid gap-4',
}: {
  count: number;
  label: string;
  lines?: number;
  className?: string;
}) => (
  <div role="status" aria-live="polite" className={className}>
    <span className="sr-only">{label}</span>
    {Array.from({ length: count }, (_, i) => (
      <SkeletonCard key={i} {...(lines ? { lines } : {})} />
    ))}
  </div>
);

/** A page on its way (its code is still loading): a title and two cards. */
export const PageSkeleton = () => (
  <div role="status" className="space-y-6">
    <span className="sr-only">Loading…</span>
    <Skeleton className="h-9 w-2/3 max-w-md" />
    <SkeletonCard lines={4} />
    <SkeletonCard lines={2} />
  </div>
);
