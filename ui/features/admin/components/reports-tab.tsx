import { useId, useState } from 'react';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useLiveTopics } from '../../../lib/live-client';
import { useAdminReports, type QueueStatus } from '../api/admin-reports';
import { ReportCard } from './report-card';

const FILTERS: { value: QueueStatus; label: string }[] = [
  { value: 'open', label: 'Waiting for review' },
  { value: 'hidden', label: 'Hidden' },
];

/**
 * The review queue: what members reported and what was held, most reported and oldest
 * first, each decided on its card. Live: a report or a decision elsewhere updates it.
 */
export const ReportsTab = () => {
  useLiveTopics([sharedTopics.adminReports.name()]);
  const filterId = useId();
  const [status, setStatus] = useState<QueueStatus>('open');
  const reports = useAdminReports(status);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <span id={filterId} className="mb-1.5 block text-small font-semibold">
          Show
        </span>
        <Select
          aria-labelledby={filterId}
          value={status}
          onValueChange={setStatus}
          options={FILTERS}
        />
      </div>
      {reports.isPending ? (
        <SkeletonList count={3} label="Loading reports" />
      ) : reports.isError ? (
        <p role="alert">Failed to fetch reports</p>
      ) : reports.list.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Nothing waits for review' : 'Nothing is hidden'} />
      ) : (
        <>
          <ul aria-label="Reported items" className="flex flex-col gap-3">
            {reports.list.map((item) => (
              <ReportCard key={item.id} item={item} />
            ))}
          </ul>
          <LoadMore label="Show more reported items" paged={reports} />
        </>
      )}
    </div>
  );
};
