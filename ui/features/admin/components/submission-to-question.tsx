import { useForm } from 'react-hook-form';
import type { AdminSubmissionDto } from '../../../../domain/contracts/contributions';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { longDate } from '../../../lib/today-question';
import { nextDay, useProductDay } from '../api/admin-questions';
import { useConvertSubmission, useScheduleSubmission } from '../api/admin-submissions';
import { usedAs } from './used-as';

type ScheduleValues = { scheduledDate: string };

/**
 * A submission's way to become a question: converted to a draft or scheduled for a day,
 * offered once it is approved; a used one says what its question is now.
 */
export const SubmissionToQuestion = ({ submission }: { submission: AdminSubmissionDto }) => {
  const { toast } = useToast();
  const today = useProductDay();
  const tomorrow = today ? nextDay(today) : undefined;
  const convert = useConvertSubmission();
  const schedule = useScheduleSubmission();
  const form = useForm<ScheduleValues>({ defaultValues: { scheduledDate: '' } });
  if (submission.question) {
    return (
      <Callout
        tone={submission.question.status === 'deleted' ? 'caution' : 'success'}
        role="status"
      >
        {usedAs(submission.question, longDate)}
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
          description: failureText(e),
          variant: 'destructive',
        }),
    });
  };
  const onSchedule = async ({ scheduledDate }: ScheduleValues) => {
    if (!approved) {
      toast({ title: 'Only approved submissions can be scheduled', variant: 'destructive' });
      return;
    }
    const { questionId } = await schedule.mutateAsync({ id: submission.id, scheduledDate });
    toast({
      title: 'Question scheduled',
      description: `Question #${questionId} for ${longDate(scheduledDate)}.`,
    });
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button size="sm" variant="secondary" disabled={convert.isPending} onClick={onConvert}>
        Convert to Question
      </Button>
      <Form
        form={form}
        onSubmit={onSchedule}
        onFailure={(e) =>
          toast({
            title: 'Failed to schedule question',
            description: failureText(e),
            variant: 'destructive',
          })
        }
        className="flex flex-wrap items-end gap-2"
        footer={
          <SubmitButton control={form.control} size="sm" variant="secondary" pending="Scheduling…">
            Schedule
          </SubmitButton>
        }
      >
        <FormTextField
          control={form.control}
          name="scheduledDate"
          label="Schedule for"
          type="date"
          min={tomorrow}
          rules={{
            required: 'Please select a date for scheduling',
            validate: (day: string) =>
              !tomorrow || day >= tomorrow || 'Please select tomorrow or a later date.',
          }}
        />
      </Form>
    </div>
  );
};
