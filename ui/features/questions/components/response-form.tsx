import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { RESPONSE_MAX_WORDS, RESPONSE_MIN_WORDS } from '../../../../domain/responses/rules';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { countWords } from '../../../../domain/shared/words';
import { Button } from '../../../components/ui/button';
import { SendIcon } from '../../../components/ui/icons';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError, failureText } from '../../../lib/api-client';
import { localRecords } from '../../../lib/local-responses';
import { submitResponse } from '../api/responding';
import { Celebration } from './celebration';
import { SpectrumPicker } from './spectrum-picker';

/** A refusal about the text itself belongs next to the text, not in a toast. */
const fieldProblem = (error: Error) =>
  error instanceof ApiError && error.problem?.field === 'content' ? error.detail : null;

/** The daily answer: live word count, the spec's limits, a 3 s celebration, then the responses. */
export const ResponseForm = ({
  questionId,
  questionDay,
}: {
  questionId: number;
  /** The product day the question is asked for (YYYY-MM-DD). */
  questionDay: string;
}) => {
  const { toast, dismiss } = useToast();
  const box = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  const [spectrum, setSpectrum] = useState<number | null>(null);
  /** What the last attempt to share said to fix; cleared as soon as the text changes. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const words = countWords(content);
  const tooShort = words > 0 && words < RESPONSE_MIN_WORDS;
  const tooLong = words > RESPONSE_MAX_WORDS;
  const error =
    submitError ??
    (tooShort
      ? 'Please write at least 3 words'
      : tooLong
        ? 'Response exceeds 750 word limit'
        : null);

  const submit = useMutation({
    mutationFn: submitResponse,
    onSuccess: (result) => {
      localRecords.add({ id: result.id, questionId, day: questionDay });
      // No has-responded refresh here: Home would redirect at once and cut the celebration short.
      setCelebrating(true);
    },
    onError: (failure) => {
      const problem = fieldProblem(failure);
      if (problem) {
        dismiss();
        setSubmitError(problem);
        box.current?.focus();
        return;
      }
      toast({
        title: 'Error submitting response',
        description: failureText(failure),
        variant: 'destructive',
      });
    },
  });

  const handleChange = (text: string) => {
    setContent(text);
    setSubmitError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !hasVisibleCharacter(content)
      ? 'Please write something before submitting.'
      : words < RESPONSE_MIN_WORDS
        ? 'Your response must be at least 3 words.'
        : tooLong
          ? 'Your response exceeds the 750 word limit.'
          : null;
    if (problem) {
      setSubmitError(problem);
      box.current?.focus();
      return;
    }
    submit.mutate({ content, questionId, spectrumPosition: spectrum });
  };

  if (celebrating) return <Celebration questionId={questionId} />;

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <TextAreaField
        label="Your response"
        value={content}
        onValueChange={handleChange}
        error={error}
        disabled={submit.isPending}
        rows={7}
        placeholder="Share your perspective…"
        textAreaRef={box}
        className="font-serif text-reading"
        status={
          <>
            <span className={tooLong ? 'font-medium text-danger-ink' : ''}>
              {words}/{RESPONSE_MAX_WORDS} words
            </span>
            <span>(minimum 3 words)</span>
          </>
        }
      />
      <SpectrumPicker value={spectrum} onChange={setSpectrum} disabled={submit.isPending} />
      <div>
        <Button type="submit" disabled={submit.isPending || tooShort || tooLong}>
          <SendIcon aria-hidden="true" />
          {submit.isPaused
            ? 'Waiting for the connection…'
            : submit.isPending
              ? 'Submitting...'
              : 'Share Response'}
        </Button>
      </div>
    </form>
  );
};
