import type { SharedSideDto } from '../../../../domain/contracts/shared-responses';
import { lengthLabel } from '../../../../domain/perspectives/pairing';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ForwardIcon, RetryIcon } from '../../../components/ui/icons';
import { PairDrawing } from '../../../components/ui/illustrations';
import { ApiError } from '../../../lib/api-client';
import { useSharedPairs } from '../../../lib/shared-pairs';

const authorOf = (side: SharedSideDto) =>
  side.user.displayName || side.user.username || 'Anonymous';

const Perspective = ({ title, side }: { title: string; side: SharedSideDto }) => (
  <figure className="flex min-w-0 flex-col rounded-lg border border-line bg-surface p-4">
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-semibold">{title}</h3>
      <Badge>{lengthLabel(side.content)}</Badge>
    </div>
    <blockquote className="mt-2 line-clamp-6 font-serif wrap-anywhere">{side.content}</blockquote>
    <figcaption className="mt-2 text-small text-ink-muted wrap-anywhere">
      — {authorOf(side)}
    </figcaption>
  </figure>
);

/** The spec's shared perspectives: today's pairs of contrasting answers, one at a time. */
export const SharedPanel = ({ todaysQuestionId }: { todaysQuestionId: number | null }) => {
  const pairs = useSharedPairs(todaysQuestionId);
  const refresh = () => void pairs.refetch();

  if (pairs.error instanceof ApiError && pairs.error.status === 403) {
    return (
      <EmptyState
        drawing={<PairDrawing />}
        title="Share Your Voice First"
        action={<ButtonLink to="/home">Answer today's question</ButtonLink>}
      >
        <p>Answer today's question to compare the community's perspectives.</p>
      </EmptyState>
    );
  }
  if (pairs.isPending) return <p role="status">Loading shared responses...</p>;
  const { pair, position, total } = pairs;
  if (!pair) {
    return (
      <EmptyState
        drawing={<PairDrawing />}
        title="No comparisons yet"
        action={
          <Button variant="secondary" onClick={refresh}>
            <RetryIcon aria-hidden="true" />
            Check for New Pairs
          </Button>
        }
      >
        <p>
          No response comparisons available yet. Check back later to see thoughtful pairs of
          community responses.
        </p>
      </EmptyState>
    );
  }
  return (
    <Card aria-labelledby="shared-title">
      <h2 id="shared-title" className="font-serif text-title">
        Shared Perspectives
      </h2>
      {pair.comparisonInsight && (
        <p className="mt-1 text-small text-ink-muted">Insight: {pair.comparisonInsight}</p>
      )}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Perspective title="Perspective A" side={pair.responseOne} />
        <Perspective title="Perspective B" side={pair.responseTwo} />
      </div>
      <p className="mt-4 flex flex-wrap gap-x-4 text-small text-ink-muted">
        <span>
          {pair.viewCount} {pair.viewCount === 1 ? 'view' : 'views'}
        </span>
        <span>
          {pair.likeCount} {pair.likeCount === 1 ? 'like' : 'likes'}
        </span>
        <span>
          {position} of {total} pairs
        </span>
      </p>
      <p className="mt-4 font-serif italic">
        What would it take for each author to see the question through the other’s eyes?
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {total > 1 && (
          <Button onClick={() => void pairs.next()} disabled={pairs.isFetchingNextPage}>
            Next Comparison
            <ForwardIcon aria-hidden="true" />
          </Button>
        )}
        <Button variant="secondary" onClick={refresh}>
          <RetryIcon aria-hidden="true" />
          Refresh
        </Button>
      </div>
    </Card>
  );
};
