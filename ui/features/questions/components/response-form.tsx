import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Form, SubmitButton } from '../../../components/ui/form';
import { failureText } from '../../../lib/api-client';
import { FormTextAreaField } from '../../../components/ui/form-fields';
import { SendIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { localRecords } from '../../../lib/local-responses';
import { submitResponse } from '../api/responding';
import { Celebration } from './celebration';
import { cannotShare, responseBoxProps, responseFault } from './response-box';
import { restoreFocus, type Handoff } from './response-handoff';
import { SpectrumPicker } from './spectrum-picker';

type ResponseValues = { content: string; spectrumPosition: number | null };

export type ResponseFormProps = {
  questionId: number;
  /** The product day the question is asked for (YYYY-MM-DD). */
  questionDay: string;
  /** What the person did before this code arrived (./response-composer); read once. */
  takeOver: () => Handoff;
};

/** The daily answer: live word count, the spec's limits, a 3 s celebration, then the responses. */
export const ResponseForm = ({ questionId, questionDay, takeOver }: ResponseFormProps) => {
  const { toast, dismiss } = useToast();
  const [handoff] = useState(takeOver);
  const box = useRef<HTMLDivElement>(null);
  const form = useForm<ResponseValues>({
    defaultValues: { content: handoff.content, spectrumPosition: handoff.spectrumPosition },
    mode: 'onChange',
  });
  const content = useWatch({ control: form.control, name: 'content' });

  const submit = useMutation({
    mutationFn: (values: ResponseValues) => submitResponse({ ...values, questionId }, questionDay),
    // Offline too: the outbox keeps the answer, and Home shows it waiting.
    networkMode: 'always',
    onSuccess: (result) => {
      if (result.sent) localRecords.add({ id: result.body.id, questionId, day: questionDay });
      // No has-responded refresh here: Home would redirect at once and cut the celebration short.
    },
  });
  const send = (values: ResponseValues) => submit.mutateAsync(values);

  // Once, even where effects run twice (React's development build): a second Share sent
  // would be refused as a second answer, and its refusal would hide the celebration.
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    restoreFocus(box.current, handoff.focus);
    // Text typed before the form arrived is judged as if typed here; a Share pressed then is sent.
    if (handoff.content) void form.trigger('content');
    if (handoff.submit) box.current?.querySelector('form')?.requestSubmit();
  }, [form, handoff]);

  if (submit.data?.sent) return <Celebration questionId={questionId} />;

  return (
    <div ref={box} data-answer-form>
      <Form
        form={form}
        onSubmit={(values) => {
          // A new attempt: what the last one said no longer holds.
          dismiss();
          return send(values);
        }}
        // The placement has no place to show a problem: one about it is the whole answer's.
        fieldOf={(field) => (field === 'content' ? field : null)}
        onFailure={(failure) =>
          toast({
            title: 'Error submitting response',
            description: failureText(failure),
            variant: 'destructive',
          })
        }
        className="flex flex-col gap-5"
        footer={
          <div>
            <SubmitButton
              control={form.control}
              pending="Submitting..."
              disabled={cannotShare(content)}
            >
              <SendIcon aria-hidden="true" />
              Share Response
            </SubmitButton>
          </div>
        }
      >
        <FormTextAreaField
          control={form.control}
          name="content"
          rules={{ validate: (text: string) => responseFault(text) ?? true }}
          readOnly={form.formState.isSubmitting}
          {...responseBoxProps(content)}
        />
        <Controller
          control={form.control}
          name="spectrumPosition"
          render={({ field }) => (
            <SpectrumPicker
              value={field.value}
              onChange={field.onChange}
              disabled={form.formState.isSubmitting}
            />
          )}
        />
      </Form>
    </div>
  );
};
