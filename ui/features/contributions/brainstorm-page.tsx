import { useId, useState, type FormEvent } from 'react';
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_MAX_WORDS,
  SUGGESTION_MIN_WORDS,
} from '../../../domain/contracts/contributions';
import { countWords } from '../../../domain/shared/words';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { RelativeTime } from '../../components/ui/relative-time';
import { Select } from '../../components/ui/select';
import { TextAreaField } from '../../components/ui/text-area-field';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useBrainstorm, useSuggestQuestion } from './api/brainstorm';

const NO_CATEGORY = 'none';
const CATEGORY_OPTIONS = [
  { value: NO_CATEGORY, label: 'No category' },
  ...SUGGESTION_CATEGORIES.map((c) => ({ value: c, label: c })),
];

const GOOD = [
  'Open-ended: it invites more than yes or no',
  'Concrete: people can relate it to their own lives',
  'Fair: it leaves room for more than one reasonable view',
];
const BAD = [
  'Loaded: it already assumes the answer',
  'Personal attacks or questions about named people',
  'Trivia with a single correct answer',
];

/** /brainstorm: suggest a question; see the community's counts and your own ideas. */
const BrainstormPage = () => {
  const { toast } = useToast();
  const categoryId = useId();
  const [category, setCategory] = useState<string>(NO_CATEGORY);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const brainstorm = useBrainstorm();
  const suggest = useSuggestQuestion();
  const words = countWords(content);
  const inRange = words >= SUGGESTION_MIN_WORDS && words <= SUGGESTION_MAX_WORDS;

  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    suggest.mutate(
      {
        content,
        ...(category === NO_CATEGORY
          ? {}
          : { category: category as (typeof SUGGESTION_CATEGORIES)[number] }),
      },
      {
        onSuccess: () => {
          toast({ title: 'Question Submitted', description: 'Thank you for your suggestion!' });
          setContent('');
          setCategory(NO_CATEGORY);
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.detail : String(failure)),
      },
    );
  };

  const stats = brainstorm.data;
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader
        title="Brainstorm"
        description="Suggest a question for a future day. Admins review every suggestion."
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card as="form" padding="lg" onSubmit={send} className="flex flex-col gap-4" noValidate>
          <div>
            <span id={categoryId} className="mb-1.5 block text-small font-semibold">
              Category (optional)
            </span>
            <Select
              aria-labelledby={categoryId}
              value={category}
              onValueChange={setCategory}
              options={CATEGORY_OPTIONS}
            />
          </div>
          <TextAreaField
            label="Your question"
            value={content}
            onValueChange={(value) => {
              setContent(value);
              setError(null);
            }}
            rows={5}
            error={error}
            status={`${words} words (${SUGGESTION_MIN_WORDS}–${SUGGESTION_MAX_WORDS})`}
          />
          <Button type="submit" disabled={!inRange || suggest.isPending}>
            {suggest.isPending ? 'Submitting...' : 'Submit Suggestion'}
          </Button>
        </Card>
        <aside aria-label="Suggestions so far" className="flex flex-col gap-3">
          {[
            ['Total Suggestions', stats?.totalSuggestions],
            ['Questions Used', stats?.questionsUsed],
            ['Under Review', stats?.underReview],
          ].map(([label, value]) => (
            <Card key={label} padding="sm" className="flex items-center justify-between">
              <span>{label}</span>
              <span className="text-title font-semibold">{value ?? '–'}</span>
            </Card>
          ))}
        </aside>
      </div>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Card padding="md">
          <h2 className="text-title font-semibold">Good questions</h2>
          <ul className="mt-2 list-disc pl-5">
            {GOOD.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </Card>
        <Card padding="md">
          <h2 className="text-title font-semibold">Questions to avoid</h2>
          <ul className="mt-2 list-disc pl-5">
            {BAD.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </Card>
      </div>
      {stats && stats.mine.length > 0 && (
        <section className="mt-8">
          <h2 className="text-title font-semibold">Your suggestions</h2>
          <ul aria-label="Your suggestions" className="mt-3 flex flex-col gap-3">
            {stats.mine.map((s) => (
              <Card as="li" key={s.id} padding="md" className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={s.status === 'approved' ? 'success' : 'caution'}>{s.status}</Badge>
                  {s.category && <Badge>{s.category}</Badge>}
                  <RelativeTime iso={s.dateAdded} className="text-small text-ink-muted" />
                </div>
                <p className="break-words">{s.content}</p>
              </Card>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
};

export default BrainstormPage;
