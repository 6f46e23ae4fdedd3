import { useId, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { useLiveTopics } from '../../../lib/live-client';
import { useAdminSubmissions, type SubmissionFilter } from '../api/admin-submissions';
import { STATUSES, SubmissionCard } from './submission-card';

const FILTERS: { value: SubmissionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...STATUSES,
];

/** Questions people submitted, filtered by status, each reviewed on its card. */
export const SubmissionsTab = () => {
  useLiveTopics([sharedTopics.adminContributions.name()]);
  const filterId = useId();
  const [filter, setFilter] = useState<SubmissionFilter>('all');
  const submissions = useAdminSubmissions(filter);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <span id={filterId} className="mb-1.5 block text-small font-semibold">
          Show
        </span>
        <Select
          aria-labelledby={filterId}
          value={filter}
          onValueChange={setFilter}
          options={FILTERS}
        />
      </div>
      {submissions.isPending ? (
        <SkeletonList count={3} label="Loading submissions" />
      ) : submissions.isError ? (
        <p role="alert">Failed to fetch submissions</p>
      ) : submissions.list.length === 0 ? (
        <EmptyState title="No submissions" />
      ) : (
        <>
          <ul aria-label="Submissions" className="flex flex-col gap-3">
            {submissions.list.map((s) => (
              <SubmissionCard key={s.id} submission={s} />
            ))}
          </ul>
          <LoadMore label="Show more submissions" paged={submissions} />
        </>
      )}
    </div>
  );
};
