import { Skeleton } from '../../../components/ui/skeleton';

/** A thread on its way: while its code (the first time) or its replies arrive. */
export const RepliesLoading = () => (
  <div role="status" className="space-y-2">
    <span className="sr-only">Loading replies…</span>
    <Skeleton className="h-12 w-full" />
  </div>
);
