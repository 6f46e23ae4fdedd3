import { ArrowDownToLine, Eye } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { LoadFailed } from '../../../components/load-failed';
import type { SharedSideDto } from '../../../../domain/contracts/shared-responses';
import { lengthLabel } from '../../../../domain/perspectives/pairing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { EchoIcon, ForwardIcon, RetryIcon } from '../../../components/ui/icons';
import { PairDrawing } from '../../../components/ui/illustrations';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSharedPairs } from '../../../lib/shared-pairs';
import { recordPairView } from '../api/record-pair-view';
import { responseElementId } from './response-card';

const authorOf = (side: SharedSideDto) =>
  side.user.displayName || side.user.username || 'Anonymous';

/** The card of the list above that a side quotes, if it is on the page. */
const cardFor = (side: SharedSideDto, responses: readonly ResponseDto[]) =>
  responses.find((r) => r.content === side.content && r.username === authorOf(side));

/**
 * One side of the pair: a short quote, not a second copy of the card already in the list;
 * 'Show in the list' takes the reader to that card.
 */
const Perspective = ({
  title,
  side,
  responses,
}: {
  title: string;
  side: SharedSideDto;
  responses: readonly ResponseDto[];
}) => {
  const card = cardFor(side, responses);
  const handleShow = () => {
    const element = card && document.getElementById(responseElementId(card.id));
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };
  return (
    <figure className="flex min-w-0 flex-col rounded-lg border border-line bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <Badge>{lengthLabel(side.content)}</Badge>
      </div>
      <blockquote className="mt-2 line-clamp-3 font-serif text-reading wrap-anywhere">
        {side.content}
      </blockquote>
      <figcaption className="mt-2 text-small text-ink-muted wrap-anywhere">
        — {authorOf(side)}
      </figcaption>
      {card && (
        <Button
          variant="ghost-accent"
          size="sm"
          className="mt-2 -ml-3 self-start"
          onClick={handleShow}
        >
          <ArrowDownToLine aria-hidden="true" />
          Show in the list
        </Button>
      )}
    </figure>
  );
};

/** Two contrasting answers side by side, one pair at a time. */
export const SharedPerspectives = ({
  questionId,
  responses,
}: {
  questionId: number;
  responses: readonly ResponseDto[];
}) => {
  const pairs = useSharedPairs(questionId);
  const { pair, position, total } = pairs;
  const viewed = useRef(new Set<string>());

  useEffect(() => {
    if (!pair || viewed.current.has(pair.id)) return;
    viewed.current.add(pair.id);
    recordPairView(pair.id).catch((error) => console.warn('Could not record the view', error));
  }, [pair]);

  return (
    <section aria-labelledby="shared-perspectives" className="mt-12">
      <Card tone="flat" padding="lg">
        <h2 id="shared-perspectives" className="font-serif text-title font-semibold">
          Shared Perspectives
        </h2>
        {pairs.isError ? (
          <div className="mt-4">
            <LoadFailed what="The shared perspectives" query={pairs} />
          </div>
        ) : pairs.isPending ? (
          <div role="status" className="mt-4 grid gap-3 sm:grid-cols-2">
            <span className="sr-only">Loading shared responses...</span>
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : !pair ? (
          <EmptyState
            drawing={<PairDrawing />}
            title="No comparisons yet"
            className="py-6"
            action={
              <Button variant="secondary" onClick={() => void pairs.refetch()}>
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
        ) : (
          <>
            <p className="mt-1 text-small text-ink-muted">{pair.comparisonInsight}</p>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              <Perspective title="Perspective A" side={pair.responseOne} responses={responses} />
              <Perspective title="Perspective B" side={pair.responseTwo} responses={responses} />
            </div>
            <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-small text-ink-muted">
              <span className="inline-flex items-center gap-1.5">
                <Eye aria-hidden="true" className="size-4" />
                {pair.viewCount} {pair.viewCount === 1 ? 'view' : 'views'}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <EchoIcon aria-hidden="true" className="size-4" />
                {pair.likeCount} {pair.likeCount === 1 ? 'echo' : 'echoes'} on these two answers
              </span>
              <span>
                {position} of {total} pairs
              </span>
            </p>
            <p className="mt-4 font-serif text-lead italic">
              What would it take for each author to see the question through the other’s eyes?
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              {total > 1 && (
                <Button onClick={() => void pairs.next()} disabled={pairs.isFetchingNextPage}>
                  Next Comparison
                  <ForwardIcon aria-hidden="true" />
                </Button>
              )}
              <Button variant="secondary" onClick={() => void pairs.refetch()}>
                <RetryIcon aria-hidden="true" />
                Refresh
              </Button>
            </div>
          </>
        )}
      </Card>
    </section>
  );
};
