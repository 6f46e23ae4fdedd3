import { useState } from 'react';
import type { AdminSubmissionDto } from '../../../../domain/contracts/contributions';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { nextDay, useProductDay } from '../api/admin-questions';
import { useConvertSubmission, useScheduleSubmission } from '../api/admin-submissions';
import { detailOf } from './question-parts';

/**
 * A submission's way to become a question: converted to a draft or scheduled for a day,
 * offered once it is approved; a used one says which question it became.
 */
export const SubmissionToQuestion = ({ submission }: { submission: AdminSubmissionDto }) => {
  const { toast } = useToast();
  const today = useProductDay();
  const [date, setDate] = useState('');
  const convert = useConvertSubmission();
  const schedule = useScheduleSubmission();
  if (submission.status === 'used' && submission.questionId !== null) {
    return (
      <Callout tone="success" role="status">
        This submission was converted to Question #{submission.questionId} and is now active.
      </Callout>
    );
  }
  const approved = submission.status === 'approved';
  const onConvert = () => {
    if (!approved) {
      toast({
        title: 'Only approved submissions can be converted to questions',
        variant: 'destructive',
      });
      return;
    }
    convert.mutate(submission.id, {
      onSuccess: (r) =>
        toast({ title: 'Converted', description: `Draft Question #${r.questionId}.` }),
      onError: (e) =>
        toast({
          title: 'Failed to convert submission',
          description: detailOf(e),
          variant: 'destructive',
        }),
    });
  };
  const onSchedule = () => {
    if (!approved) {
      toast({ title: 'Only approved submissions can be scheduled', variant: 'destructive' });
      return;
    }
    if (!date) {
      toast({ title: 'Please select a date for scheduling', variant: 'destructive' });
      return;
    }
    schedule.mutate(
      { id: submission.id, scheduledDate: date },
      {
        onSuccess: (r) =>
          toast({
            title: 'Question scheduled',
            description: `Question #${r.questionId} for ${date}.`,
          }),
        onError: (e) =>
          toast({
            title: 'Failed to schedule question',
            description: detailOf(e),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button size="sm" variant="secondary" disabled={convert.isPending} onClick={onConvert}>
        Convert to Question
      </Button>
      <TextField
        label="Schedule for"
        type="date"
        value={date}
        min={today ? nextDay(today) : undefined}
        onValueChange={setDate}
      />
      <Button size="sm" variant="secondary" disabled={schedule.isPending} onClick={onSchedule}>
        Schedule
      </Button>
    </div>
  );
};
