import { useId, useState } from 'react';
import {
  FOCUS_TYPES,
  type FocusType,
  type QuestionPreviewDto,
} from '../../../../domain/contracts/admin-questions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import {
  nextDay,
  usePreview,
  useProductDay,
  useScheduleQuestion,
  useSetGenerated,
} from '../api/admin-questions';
import { detailOf, isAnsweredRefusal, TomorrowOffer } from './question-parts';

const FOCUS_OPTIONS = FOCUS_TYPES.map((f) => ({
  value: f,
  label: f[0]!.toUpperCase() + f.slice(1),
}));

type Preview = NonNullable<QuestionPreviewDto['question']>;

/** Preview a question from the bank for a focus, then set it as today's or schedule it. */
export const GenerateTab = () => {
  const { toast } = useToast();
  const focusId = useId();
  const [focus, setFocus] = useState<FocusType>('auto');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [date, setDate] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = useProductDay();
  const tomorrow = today ? nextDay(today) : undefined;
  const previewer = usePreview();
  const setGenerated = useSetGenerated();
  const schedule = useScheduleQuestion();

  const generate = () =>
    previewer.mutate(focus, {
      onSuccess: (result) => {
        setPreview(result.question);
        setRefusal(null);
        if (!result.question)
          toast({ title: 'No preview question available', variant: 'destructive' });
      },
      onError: () =>
        toast({
          title: 'Failed to generate a question preview. Please try again.',
          variant: 'destructive',
        }),
    });

  const setToday = () => {
    if (!preview) {
      toast({ title: 'No preview question available', variant: 'destructive' });
      return;
    }
    setGenerated.mutate(
      { type: focus, bankId: preview.bankId },
      {
        onSuccess: () =>
          toast({ title: 'Question set', description: 'It is today’s question now.' }),
        onError: (error) => {
          if (isAnsweredRefusal(error)) setRefusal(detailOf(error));
          toast({
            title: 'Failed to set question',
            description: detailOf(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const scheduleFor = (day: string | undefined) => {
    if (!preview) {
      toast({ title: 'No question to schedule', variant: 'destructive' });
      return;
    }
    if (!day) {
      toast({ title: 'Please select a date for scheduling', variant: 'destructive' });
      return;
    }
    schedule.mutate(
      { content: preview.content, category: preview.category, scheduledFor: day },
      {
        onSuccess: () => {
          setRefusal(null);
          toast({ title: 'Question scheduled', description: `For ${day}.` });
        },
        onError: (error) =>
          toast({
            title: 'Failed to schedule question',
            description: detailOf(error),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-small text-ink-muted">
        A good question has an abstract theme with concrete phrasing, is open-ended, suits an
        academic discussion and avoids excessive metaphor.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-40">
          <span id={focusId} className="mb-1.5 block text-small font-semibold">
            Focus
          </span>
          <Select
            aria-labelledby={focusId}
            value={focus}
            onValueChange={setFocus}
            options={FOCUS_OPTIONS}
          />
        </div>
        <Button onClick={generate} disabled={previewer.isPending}>
          {previewer.isPending ? 'Generating...' : 'Generate Preview'}
        </Button>
      </div>
      {preview && (
        <Card as="section" padding="md" className="flex flex-col gap-3" aria-label="Preview">
          <Badge tone="accent">{preview.category}</Badge>
          <p className="font-serif text-lg break-words">{preview.content}</p>
          <p className="text-small">
            <span className="font-semibold">Relevant event: </span>
            {preview.relevantEvent}
          </p>
          <p className="text-small text-ink-muted">
            <span className="font-semibold">Reasoning: </span>
            {preview.reasoning}
          </p>
        </Card>
      )}
      {refusal && (
        <TomorrowOffer
          message={refusal}
          pending={schedule.isPending}
          onSchedule={() => scheduleFor(tomorrow)}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Button onClick={setToday} disabled={setGenerated.isPending}>
          Set as Today’s Question
        </Button>
        <TextField
          label="Schedule for"
          type="date"
          value={date}
          min={tomorrow}
          onValueChange={setDate}
        />
        <Button variant="secondary" onClick={() => scheduleFor(date)} disabled={schedule.isPending}>
          Schedule
        </Button>
      </div>
    </div>
  );
};
