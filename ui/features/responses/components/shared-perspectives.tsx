import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SharedSideDto } from '../../../../domain/contracts/shared-responses';
import { lengthLabel } from '../../../../domain/perspectives/pairing';
import { Button } from '../../../components/ui/button';
import { recordPairView, sharedResponsesQuery } from '../api/shared-responses';

const Perspective = ({ title, side }: { title: string; side: SharedSideDto }) => (
  <div className="min-w-0 rounded-lg border border-stone-300 p-3 dark:border-stone-700">
    <div className="flex items-baseline justify-between gap-2">
      <h3 className="font-semibold">{title}</h3>
      <span className="rounded-full bg-stone-200 px-2 text-xs dark:bg-stone-700">
        {lengthLabel(side.content)}
      </span>
    </div>
    <p className="text-sm text-stone-600 wrap-anywhere dark:text-stone-300">
      {side.user.displayName || side.user.username || 'Anonymous'}
    </p>
    <p className="mt-2 line-clamp-8 whitespace-pre-line wrap-anywhere">{side.content}</p>
  </div>
);

/** Two contrasting answers side by side, one pair at a time. */
export const SharedPerspectives = ({ questionId }: { questionId: number }) => {
  const pairs = useQuery(sharedResponsesQuery(questionId));
  const [index, setIndex] = useState(0);
  const viewed = useRef(new Set<string>());
  const list = pairs.data ?? [];
  const pair = list.length ? list[index % list.length] : undefined;

  useEffect(() => {
    if (!pair || viewed.current.has(pair.id)) return;
    viewed.current.add(pair.id);
    recordPairView(pair.id).catch((error) => console.warn('Could not record the view', error));
  }, [pair]);

  const handleNext = () => {
    if (list.length > 1) setIndex((i) => (i + 1) % list.length);
    else void pairs.refetch();
  };

  return (
    <section
      aria-labelledby="shared-perspectives"
      className="mt-8 rounded-xl bg-white p-4 dark:bg-stone-900"
    >
      <h2 id="shared-perspectives" className="text-lg font-semibold">
        Shared Perspectives
      </h2>
      {pairs.isPending ? (
        <p role="status">Loading shared responses...</p>
      ) : !pair ? (
        <div>
          <p className="mt-2">
            No response comparisons available yet. Check back later to see thoughtful pairs of
            community responses.
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void pairs.refetch()}>
            Check for New Pairs
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            {pair.comparisonInsight}
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <Perspective title="Perspective A" side={pair.responseOne} />
            <Perspective title="Perspective B" side={pair.responseTwo} />
          </div>
          <p className="mt-3 text-sm">
            {pair.viewCount} {pair.viewCount === 1 ? 'view' : 'views'} · {pair.likeCount}{' '}
            {pair.likeCount === 1 ? 'like' : 'likes'} · {(index % list.length) + 1} of {list.length}{' '}
            pairs
          </p>
          <p className="mt-2 text-sm italic">
            What would it take for each author to see the question through the other’s eyes?
          </p>
          <div className="mt-3 flex gap-3">
            {list.length > 1 && <Button onClick={handleNext}>Next Comparison</Button>}
            <Button variant="secondary" onClick={() => void pairs.refetch()}>
              Refresh
            </Button>
          </div>
        </>
      )}
    </section>
  );
};
