import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyComponent } from '../../lib/lazy-component';
import { opinionAnswersQuery } from './api/get-opinion-answers';
import { useOpinionMap } from './api/get-opinion-map';
import { WherePeopleStandCard } from './components/where-people-stand-card';

// The map's code (its groups, common ground and answers; recharts after it) is a chunk of its
// own, asked for only once there is a map to draw: a discussion without enough people yet shows
// one sentence and never loads it.
const OpinionMapSection = lazyComponent(() => import('./opinion-map-section')).Component;

const MapLoading = () => (
  <div role="status" className="mt-10">
    <span className="sr-only">Loading where people stand…</span>
    <Skeleton className="h-40 w-full" />
  </div>
);

/**
 * A discussion's opinion map (issue 42), under its answers: the map's request first, then, for
 * a map that is ready, its code and the words of the answers it names, side by side. A map that
 * cannot load says nothing: the discussion is whole without it.
 */
export const OpinionMapPlace = ({ questionId }: { questionId: number }) => {
  const map = useOpinionMap(questionId);
  const ready = map.data?.status === 'ready';
  const queryClient = useQueryClient();
  useEffect(() => {
    if (ready) void queryClient.prefetchQuery(opinionAnswersQuery(questionId));
  }, [ready, questionId, queryClient]);
  if (map.isPending) return <MapLoading />;
  if (map.isError) return null;
  if (map.data.status !== 'ready') {
    return (
      <div className="mt-10 flex flex-col gap-8" data-opinion-map>
        <WherePeopleStandCard map={map.data} />
      </div>
    );
  }
  return (
    <Suspense fallback={<MapLoading />}>
      <OpinionMapSection questionId={questionId} map={map.data} />
    </Suspense>
  );
};
