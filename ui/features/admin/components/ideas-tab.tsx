import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { failureText } from '../../../lib/api-client';
import { useLiveTopics } from '../../../lib/live-client';
import { useAdminIdeaCounts, useAdminIdeas, type IdeaFilter } from '../api/admin-ideas';
import { IdeaCard } from './idea-card';
import { AddIdeaForm } from './idea-forms';

const FILTERS: readonly IdeaFilter[] = ['all', 'pending', 'approved'];
const FILTER_LABELS: Record<IdeaFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
};

/** The brainstorm board: pending and approved ideas (rejected ones leave it), a page at a time. */
export const IdeasTab = () => {
  useLiveTopics([sharedTopics.adminContributions.name()]);
  const [filter, setFilter] = useState<IdeaFilter>('all');
  const ideas = useAdminIdeas(filter);
  const counts = useAdminIdeaCounts();
  const countOf = (f: IdeaFilter) => {
    if (!counts.data) return null;
    return f === 'all' ? counts.data.pending + counts.data.approved : counts.data[f];
  };
  return (
    <div className="flex flex-col gap-4">
      <AddIdeaForm />
      <div role="group" aria-label="Show ideas" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'pressed' : 'secondary'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {FILTER_LABELS[f]}
            {countOf(f) === null ? '' : ` (${countOf(f)})`}
          </Button>
        ))}
      </div>
      {ideas.isPending ? (
        <SkeletonList count={3} label="Loading ideas" />
      ) : ideas.isError ? (
        <p role="alert">Failed to load ideas: {failureText(ideas.error)}</p>
      ) : ideas.list.length === 0 ? (
        <EmptyState title="No question suggestions yet." />
      ) : (
        <>
          <ul aria-label="Ideas" className="flex flex-col gap-3">
            {ideas.list.map((idea) => (
              <IdeaCard key={idea.id} idea={idea} />
            ))}
          </ul>
          <LoadMore label="Show more ideas" paged={ideas} />
        </>
      )}
    </div>
  );
};
