import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminQuestionDto } from '../../../../domain/contracts/admin-questions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import {
  nextDay,
  useAdminQuestions,
  useDeleteQuestion,
  useEditQuestion,
  useProductDay,
} from '../api/admin-questions';
import { dateRules, QuestionTextFields, type QuestionText } from './question-parts';

type PlannedQuestion = QuestionText & { scheduledFor: string };

/** A planned question's text, category and day (from tomorrow on: a dated draft is scheduled). */
const EditForm = ({ question, onDone }: { question: AdminQuestionDto; onDone: () => void }) => {
  const { toast } = useToast();
  const today = useProductDay();
  const tomorrow = today ? nextDay(today) : null;
  const edit = useEditQuestion();
  const form = useForm<PlannedQuestion>({
    defaultValues: {
      content: question.content,
      category: question.category,
      scheduledFor: question.scheduledFor ?? '',
    },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await edit.mutateAsync({ id: question.id, ...values });
        toast({ title: 'Scheduled question updated' });
        onDone();
      }}
      onFailure={(error) =>
        toast({
          title: 'Failed to update scheduled question',
          description: failureText(error),
          variant: 'destructive',
        })
      }
      className="flex flex-col gap-3"
      footer={
        <div className="flex gap-2">
          <SubmitButton control={form.control} size="sm" pending="Saving…">
            Save
          </SubmitButton>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      }
    >
      <QuestionTextFields control={form.control} label="Question" />
      <FormTextField
        control={form.control}
        name="scheduledFor"
        label="Scheduled for"
        type="date"
        min={tomorrow ?? undefined}
        rules={dateRules(tomorrow, 'Please select tomorrow or a later date.')}
      />
    </Form>
  );
};

const ScheduledCard = ({ question }: { question: AdminQuestionDto }) => {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteQuestion();
  return (
    <Card as="li" padding="md" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={question.scheduledFor ? 'accent' : 'caution'}>
          {question.scheduledFor ?? 'draft'}
        </Badge>
        <Badge>{question.category}</Badge>
        <span className="text-small text-ink-muted">#{question.id}</span>
      </div>
      {editing ? (
        <EditForm question={question} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="break-words">{question.content}</p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="ghost">
                  Delete
                </Button>
              }
              title="Delete this question?"
              description="It will not be asked."
              confirmLabel="Delete"
              onConfirm={() =>
                remove.mutate(question.id, {
                  onSuccess: () => toast({ title: 'Scheduled question deleted' }),
                  onError: (e) =>
                    toast({
                      title: 'Failed to delete scheduled question',
                      description: failureText(e),
                      variant: 'destructive',
                    }),
                })
              }
            />
          </div>
        </>
      )}
    </Card>
  );
};

/**
 * Questions scheduled for the days ahead and drafts, each edited (date from tomorrow on: a
 * draft given a date is scheduled) or deleted.
 */
export const ScheduleTab = () => {
  const questions = useAdminQuestions();
  if (questions.isPending) return <SkeletonList count={3} label="Loading scheduled questions" />;
  if (questions.isError) {
    return <p role="alert">Failed to load questions. Please try refreshing the page.</p>;
  }
  // Every planned question comes on the first page.
  const scheduled = questions.list.filter((q) => q.status === 'scheduled' || q.status === 'draft');
  if (scheduled.length === 0) {
    return (
      <EmptyState title="Nothing scheduled">
        <p>Schedule a question from the Generate or Edit tab.</p>
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Scheduled questions" className="flex max-w-2xl flex-col gap-3">
      {scheduled.map((q) => (
        <ScheduledCard key={q.id} question={q} />
      ))}
    </ul>
  );
};
