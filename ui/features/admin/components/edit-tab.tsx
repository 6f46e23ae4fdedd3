import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DEFAULT_CATEGORY } from '../../../../domain/questions/categories';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { nextDay, useProductDay, useSaveEdited, useScheduleQuestion } from '../api/admin-questions';
import {
  dateRules,
  isAnsweredRefusal,
  QuestionTextFields,
  TomorrowOffer,
  type QuestionText,
} from './question-parts';

type CustomQuestion = QuestionText & { date: string };

/**
 * A custom question with its category and date: today's date sets it as today's question,
 * a later one schedules it.
 */
export const EditTab = () => {
  const { toast } = useToast();
  const today = useProductDay();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveEdited();
  const schedule = useScheduleQuestion();
  // The date starts at today (once known); what the admin changed stays when it arrives.
  const form = useForm<CustomQuestion>({
    values: { content: '', category: DEFAULT_CATEGORY, date: today ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const date = useWatch({ control: form.control, name: 'date' });

  const scheduled = (day: string) => {
    form.reset();
    setRefusal(null);
    toast({ title: 'Question scheduled', description: `For ${day}.` });
  };
  const send = async ({ content, category, date: day }: CustomQuestion) => {
    if (day !== today) {
      await schedule.mutateAsync({ content, category, scheduledFor: day });
      return scheduled(day);
    }
    await save.mutateAsync({ content, category });
    form.reset();
    setRefusal(null);
    toast({ title: 'Question set', description: 'It is today’s question now.' });
  };
  const scheduleForTomorrow = async () => {
    const { content, category } = form.getValues();
    const tomorrow = nextDay(today!);
    try {
      await schedule.mutateAsync({ content, category, scheduledFor: tomorrow });
      scheduled(tomorrow);
    } catch (error) {
      toast({
        title: 'Failed to schedule question',
        description: failureText(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={send}
      onFailure={(error, { date: day }) => {
        if (day !== today) {
          toast({
            title: 'Failed to schedule question',
            description: failureText(error),
            variant: 'destructive',
          });
          return;
        }
        if (isAnsweredRefusal(error)) setRefusal(failureText(error));
        toast({
          title: 'Failed to update question',
          description: failureText(error),
          variant: 'destructive',
        });
      }}
      className="flex max-w-2xl flex-col gap-4"
      footer={
        <>
          {refusal && today && (
            <TomorrowOffer
              message={refusal}
              pending={schedule.isPending}
              onSchedule={() => void scheduleForTomorrow()}
            />
          )}
          <div>
            <SubmitButton control={form.control} pending="Saving…">
              {date && date !== today ? 'Schedule Question' : 'Save as Today’s Question'}
            </SubmitButton>
          </div>
        </>
      }
    >
      <QuestionTextFields control={form.control} label="Custom question" />
      <FormTextField
        control={form.control}
        name="date"
        label="Date"
        type="date"
        min={today ?? undefined}
        hint="Today sets it as today’s question; a later date schedules it."
        rules={dateRules(today, 'Please select today or a later date.')}
      />
    </Form>
  );
};
