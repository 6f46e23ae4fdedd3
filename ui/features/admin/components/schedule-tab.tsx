import { useState } from 'react';
import type { AdminQuestionDto } from '../../../../domain/contracts/admin-questions';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import {
  nextDay,
  useAdminQuestions,
  useDeleteQuestion,
  useEditQuestion,
  useProductDay,
} from '../api/admin-questions';
import { CategorySelect, detailOf } from './question-parts';

const EditForm = ({ question, onDone }: { question: AdminQuestionDto; onDone: () => void }) => {
  const { toast } = useToast();
  const today = useProductDay();
  const [content, setContent] = useState(question.content);
  const [category, setCategory] = useState(question.category);
  const [date, setDate] = useState(question.scheduledFor ?? '');
  const [error, setError] = useState<string | null>(null);
  const edit = useEditQuestion();
  const save = () => {
    if (!hasVisibleCharacter(content)) {
      setError('Question content cannot be empty');
      return;
    }
    if (!date) {
      setError('Please select a date for scheduling');
      return;
    }
    setError(null);
    edit.mutate(
      { id: question.id, content, category, scheduledFor: date },
      {
        onSuccess: () => {
          toast({ title: 'Scheduled question updated' });
          onDone();
        },
        onError: (e) =>
          toast({
            title: 'Failed to update scheduled question',
            description: detailOf(e),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <TextAreaField
        label="Question"
        value={content}
        onValueChange={setContent}
        error={error}
        rows={3}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <CategorySelect value={category} onValueChange={setCategory} />
        <TextField
          label="Scheduled for"
          type="date"
          value={date}
          min={today ? nextDay(today) : undefined}
          onValueChange={setDate}
        />
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={save} disabled={edit.isPending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
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
                      description: detailOf(e),
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
