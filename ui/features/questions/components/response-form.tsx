import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESPONSE_MAX_WORDS, RESPONSE_MIN_WORDS } from '../../../../domain/responses/rules';
import { countWords } from '../../../../domain/shared/words';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { localRecords } from '../../../lib/local-responses';
import { submitResponse } from '../api/responding';
import { SpectrumPicker } from './spectrum-picker';

/** The daily answer: live word count, the spec's limits, a 3 s celebration, then the responses. */
export const ResponseForm = ({ questionId }: { questionId: number }) => {
  const id = useId();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [content, setContent] = useState('');
  const [spectrum, setSpectrum] = useState<number | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const words = countWords(content);
  const tooShort = words > 0 && words < RESPONSE_MIN_WORDS;
  const tooLong = words > RESPONSE_MAX_WORDS;

  const submit = useMutation({
    mutationFn: submitResponse,
    onSuccess: (result) => {
      localRecords.add({ id: result.id, questionId, date: new Date().toISOString() });
      toast({
        title: 'Response Submitted!',
        description: 'Thank you for sharing your perspective',
      });
      // No has-responded refresh here: Home would redirect at once and cut the 3 s celebration short.
      setCelebrating(true);
    },
    onError: (error) => {
      toast({
        title: 'Error submitting response',
        description: error instanceof ApiError ? error.detail : error.message,
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (!celebrating) return;
    const timer = setTimeout(() => navigate(`/responses/${questionId}`), 3000);
    return () => clearTimeout(timer);
  }, [celebrating, navigate, questionId]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      toast({
        title: 'Empty response',
        description: 'Please write something before submitting.',
        variant: 'destructive',
      });
      return;
    }
    if (words < RESPONSE_MIN_WORDS) {
      toast({
        title: 'Response too short',
        description: 'Your response must be at least 3 words.',
        variant: 'destructive',
      });
      return;
    }
    if (tooLong) {
      toast({
        title: 'Word limit exceeded',
        description: 'Your response exceeds the 750 word limit.',
        variant: 'destructive',
      });
      return;
    }
    submit.mutate({ content, questionId, spectrumPosition: spectrum });
  };

  if (celebrating) {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-600 bg-amber-50 p-6 text-center dark:bg-stone-800"
      >
        <p className="text-2xl">🎉</p>
        <p className="mt-2 text-lg font-semibold">Your voice has been added to the conversation.</p>
        <p className="mt-1 text-stone-600 dark:text-stone-300">
          Taking you to the community’s responses…
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2" aria-describedby={`${id}-count`}>
      <label htmlFor={`${id}-text`} className="font-semibold">
        Your response
      </label>
      <textarea
        id={`${id}-text`}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        disabled={submit.isPending}
        rows={7}
        placeholder="Share your perspective…"
        className="rounded-lg border border-stone-300 bg-white p-3 text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100"
      />
      <div id={`${id}-count`} className="flex flex-wrap gap-x-3 text-sm" aria-live="polite">
        <span className={tooLong ? 'text-red-700 dark:text-red-400' : ''}>
          {words}/{RESPONSE_MAX_WORDS} words
        </span>
        <span className="text-stone-500 dark:text-stone-400">(minimum 3 words)</span>
        {tooShort && (
          <span className="text-red-700 dark:text-red-400">Please write at least 3 words</span>
        )}
        {tooLong && (
          <span className="text-red-700 dark:text-red-400">Response exceeds 750 word limit</span>
        )}
      </div>
      <SpectrumPicker value={spectrum} onChange={setSpectrum} disabled={submit.isPending} />
      <div>
        <Button type="submit" disabled={submit.isPending || tooShort || tooLong}>
          {submit.isPending ? 'Submitting...' : 'Share Response'}
        </Button>
      </div>
    </form>
  );
};
