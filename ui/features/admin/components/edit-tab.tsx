import { useState } from 'react';
import { DEFAULT_CATEGORY } from '../../../../domain/questions/categories';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { nextDay, useProductDay, useSaveEdited, useScheduleQuestion } from '../api/admin-questions';
import { CategorySelect, detailOf, isAnsweredRefusal, TomorrowOffer } from './question-parts';

/**
 * A custom question with its category and date: today's date sets it as today's question,
 * a later one schedules it.
 */
export const EditTab = () => {
  const { toast } = useToast();
  const today = useProductDay();
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORY);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveEdited();
  const schedule = useScheduleQuestion();
  const day = date || today || '';

  const reset = () => {
    setContent('');
    setDate('');
    setRefusal(null);
  };

  const scheduleFor = (scheduledFor: string) =>
    schedule.mutate(
      { content, category, scheduledFor },
      {
        onSuccess: () => {
          reset();
          toast({ title: 'Question scheduled', description: `For ${scheduledFor}.` });
        },
        onError: (e) =>
          toast({
            title: 'Failed to schedule question',
            description: detailOf(e),
            variant: 'destructive',
          }),
      },
    );

  const submit = () => {
    if (!hasVisibleCharacter(content)) {
      setError('Question content cannot be empty');
      return;
    }
    if (!day) {
      setError('Please select a date for scheduling');
      return;
    }
    setError(null);
    if (day !== today) {
      scheduleFor(day);
      return;
    }
    save.mutate(
      { content, category },
      {
        onSuccess: () => {
          reset();
          toast({ title: 'Question set', description: 'It is today’s question now.' });
        },
        onError: (e) => {
          if (isAnsweredRefusal(e)) setRefusal(detailOf(e));
          toast({
            title: 'Failed to update question',
            description: detailOf(e),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form
      className="flex max-w-2xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextAreaField
        label="Custom question"
        value={content}
        onValueChange={setContent}
        error={error}
        rows={3}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategorySelect value={category} onValueChange={setCategory} />
        <TextField
          label="Date"
          type="date"
          value={day}
          min={today ?? undefined}
          onValueChange={setDate}
          hint="Today sets it as today’s question; a later date schedules it."
        />
      </div>
      {refusal && today && (
        <TomorrowOffer
          message={refusal}
          pending={schedule.isPending}
          onSchedule={() => scheduleFor(nextDay(today))}
        />
      )}
      <div>
        <Button type="submit" disabled={save.isPending || schedule.isPending}>
          {day && day !== today ? 'Schedule Question' : 'Save as Today’s Question'}
        </Button>
      </div>
    </form>
  );
};
