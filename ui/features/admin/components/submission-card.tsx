import { useForm } from 'react-hook-form';
import type {
  AdminSubmissionDto,
  ReviewSubmissionBody,
  SubmissionStatusDto,
} from '../../../../domain/contracts/contributions';
import { submissionRule } from '../../../../domain/contributions/question-text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormSelect, FormTextAreaField } from '../../../components/ui/form-fields';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useDeleteSubmission, useReviewSubmission } from '../api/admin-submissions';
import { SubmissionToQuestion } from './submission-to-question';

export const STATUSES: { value: SubmissionStatusDto; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'used', label: 'Used' },
];

type ReviewValues = { status: SubmissionStatusDto; adminNotes: string; content: string };

const valuesOf = (submission: AdminSubmissionDto): ReviewValues => ({
  status: submission.status,
  adminNotes: submission.adminNotes ?? '',
  content: submission.content,
});

/** The spec's review: status, notes and content, only what changed. */
const changesOf = (submission: AdminSubmissionDto, values: ReviewValues) => {
  const changes: ReviewSubmissionBody = {};
  if (values.status !== submission.status) changes.status = values.status;
  if (values.adminNotes !== (submission.adminNotes ?? '')) changes.adminNotes = values.adminNotes;
  if (values.content !== submission.content) changes.content = values.content;
  return changes;
};

/** One submitted question: who sent it, what became of it, and its review. */
export const SubmissionCard = ({ submission }: { submission: AdminSubmissionDto }) => {
  const { toast } = useToast();
  const review = useReviewSubmission();
  const remove = useDeleteSubmission();
  // Follows the saved submission as it changes (another admin, a live notice), keeping edits.
  const form = useForm<ReviewValues>({
    values: valuesOf(submission),
    resetOptions: { keepDirtyValues: true },
  });
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
      <Form
        form={form}
        onSubmit={async (values) => {
          await review.mutateAsync({ id: submission.id, body: changesOf(submission, values) });
          toast({ title: 'Submission Updated' });
        }}
        onFailure={(error) =>
          toast({
            title: `Failed to update submission: ${failureText(error)}`,
            variant: 'destructive',
          })
        }
        className="flex flex-col gap-3"
        footer={
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              control={form.control}
              size="sm"
              pending="Saving…"
              disabled={!form.formState.isDirty}
            >
              Save review
            </SubmitButton>
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
                  onError: (error) =>
                    toast({
                      title: `Failed to delete submission: ${failureText(error)}`,
                      variant: 'destructive',
                    }),
                })
              }
            />
          </div>
        }
      >
        <FormSelect control={form.control} name="status" label="Status" options={STATUSES} />
        <FormTextAreaField
          control={form.control}
          name="content"
          label="Question"
          rows={2}
          rules={{
            // An edited question meets the rule; the one as sent is kept as it is.
            validate: (text: string) =>
              text === submission.content || (submissionRule.fault(text)?.detail ?? true),
          }}
        />
        <FormTextAreaField control={form.control} name="adminNotes" label="Admin notes" rows={2} />
      </Form>
    </Card>
  );
};
