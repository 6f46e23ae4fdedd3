import { useId, useState } from 'react';
import type {
  AdminSubmissionDto,
  SubmissionStatusDto,
} from '../../../../domain/contracts/contributions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Select } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { ApiError } from '../../../lib/api-client';
import { useLiveTopics } from '../../../lib/live-client';
import {
  useAdminSubmissions,
  useDeleteSubmission,
  useReviewSubmission,
  type SubmissionFilter,
} from '../api/admin-submissions';
import { SubmissionToQuestion } from './submission-to-question';

const STATUSES: { value: SubmissionStatusDto; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'used', label: 'Used' },
];
const FILTERS: { value: SubmissionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...STATUSES,
];

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

const SubmissionCard = ({ submission }: { submission: AdminSubmissionDto }) => {
  const { toast } = useToast();
  const statusId = useId();
  const [status, setStatus] = useState(submission.status);
  const [notes, setNotes] = useState(submission.adminNotes ?? '');
  const review = useReviewSubmission();
  const remove = useDeleteSubmission();
  const changed = {
    ...(status !== submission.status ? { status } : {}),
    ...(notes !== (submission.adminNotes ?? '') ? { adminNotes: notes } : {}),
  };
  return (
    <Card as="li" padding="md" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={submission.status === 'approved' ? 'success' : 'caution'}>
          {submission.status}
        </Badge>
        <span className="text-small text-ink-muted">
          by {submission.submitterName} · <RelativeTime iso={submission.dateSubmitted} />
        </span>
      </div>
      <p className="break-words">{submission.content}</p>
      <SubmissionToQuestion submission={submission} />
      <div>
        <span id={statusId} className="mb-1.5 block text-small font-semibold">
          Status
        </span>
        <Select
          aria-labelledby={statusId}
          value={status}
          onValueChange={setStatus}
          options={STATUSES}
        />
      </div>
      <TextAreaField label="Admin notes" value={notes} onValueChange={setNotes} rows={2} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={Object.keys(changed).length === 0 || review.isPending}
          onClick={() =>
            review.mutate(
              { id: submission.id, body: changed },
              {
                onSuccess: () => toast({ title: 'Submission Updated' }),
                onError: (error) =>
                  toast({
                    title: `Failed to update submission: ${detailOf(error)}`,
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          Save review
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost">
              Delete
            </Button>
          }
          title="Delete this submission?"
          description="It cannot be brought back."
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutate(submission.id, {
              onSuccess: () => toast({ title: 'Submission Deleted' }),
            })
          }
        />
      </div>
    </Card>
  );
};

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
