import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FOCUS_TYPES,
  type FocusType,
  type QuestionPreviewDto,
} from '../../../../domain/contracts/admin-questions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormSelect, FormTextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import {
  nextDay,
  usePreview,
  useProductDay,
  useScheduleQuestion,
  useSetGenerated,
} from '../api/admin-questions';
import { dateRules, isAnsweredRefusal, TomorrowOffer } from './question-parts';

const FOCUS_OPTIONS = FOCUS_TYPES.map((f) => ({
  value: f,
  label: f[0]!.toUpperCase() + f.slice(1),
}));

type Preview = NonNullable<QuestionPreviewDto['question']>;

/** Preview a question from the bank for a focus, then set it as today's or schedule it. */
export const GenerateTab = () => {
  const { toast } = useToast();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = useProductDay();
  const tomorrow = today ? nextDay(today) : null;
  const previewer = usePreview();
  const setGenerated = useSetGenerated();
  const schedule = useScheduleQuestion();
  const focusForm = useForm<{ type: FocusType }>({ defaultValues: { type: 'auto' } });
  const scheduleForm = useForm({ defaultValues: { scheduledFor: '' } });

  const generate = async ({ type }: { type: FocusType }) => {
    const result = await previewer.mutateAsync(type);
    setPreview(result.question);
    setRefusal(null);
    if (!result.question) toast({ title: 'No preview question available', variant: 'destructive' });
  };

  const setToday = () => {
    if (!preview) {
      toast({ title: 'No preview question available', variant: 'destructive' });
      return;
    }
    setGenerated.mutate(
      { type: focusForm.getValues('type'), bankId: preview.bankId },
      {
        onSuccess: () =>
          toast({ title: 'Question set', description: 'It is today’s question now.' }),
        onError: (error) => {
          if (isAnsweredRefusal(error)) setRefusal(failureText(error));
          toast({
            title: 'Failed to set question',
            description: failureText(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const scheduleFor = async (day: string) => {
    if (!preview) {
      toast({ title: 'No question to schedule', variant: 'destructive' });
      return;
    }
    await schedule.mutateAsync({
      content: preview.content,
      category: preview.category,
      scheduledFor: day,
    });
    setRefusal(null);
    toast({ title: 'Question scheduled', description: `For ${day}.` });
  };
  const scheduleFailed = (error: unknown) =>
    toast({
      title: 'Failed to schedule question',
      description: failureText(error),
      variant: 'destructive',
    });

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-small text-ink-muted">
        A good question has an abstract theme with concrete phrasing, is open-ended, suits an
        academic discussion and avoids excessive metaphor.
      </p>
      <Form
        form={focusForm}
        onSubmit={generate}
        onFailure={() =>
          toast({
            title: 'Failed to generate a question preview. Please try again.',
            variant: 'destructive',
          })
        }
        className="flex flex-wrap items-end gap-3"
        footer={
          <SubmitButton control={focusForm.control} pending="Generating...">
            Generate Preview
          </SubmitButton>
        }
      >
        <div className="min-w-40">
          <FormSelect
            control={focusForm.control}
            name="type"
            label="Focus"
            options={FOCUS_OPTIONS}
          />
        </div>
      </Form>
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
      {refusal && tomorrow && (
        <TomorrowOffer
          message={refusal}
          pending={schedule.isPending}
          onSchedule={() => void scheduleFor(tomorrow).catch(scheduleFailed)}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Button onClick={setToday} disabled={setGenerated.isPending}>
          Set as Today’s Question
        </Button>
        <Form
          form={scheduleForm}
          onSubmit={({ scheduledFor }) => scheduleFor(scheduledFor)}
          onFailure={scheduleFailed}
          className="flex flex-wrap items-end gap-3"
          footer={
            <SubmitButton control={scheduleForm.control} variant="secondary" pending="Scheduling…">
              Schedule
            </SubmitButton>
          }
        >
          <FormTextField
            control={scheduleForm.control}
            name="scheduledFor"
            label="Schedule for"
            type="date"
            min={tomorrow ?? undefined}
            rules={dateRules(tomorrow, 'Please select tomorrow or a later date.')}
          />
        </Form>
      </div>
    </div>
  );
};
