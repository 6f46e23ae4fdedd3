import { useForm } from 'react-hook-form';
import { suggestionRule } from '../../../domain/contributions/question-text';
import { SUGGESTION_CATEGORIES } from '../../../domain/contracts/contributions';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton } from '../../components/ui/form';
import { FormSelect } from '../../components/ui/form-fields';
import { PageHeader } from '../../components/ui/page-header';
import { RelativeTime } from '../../components/ui/relative-time';
import { useToast } from '../../components/ui/toast';
import { useBrainstorm, useSuggestQuestion } from './api/brainstorm';
import { QuestionField } from './components/question-field';

type Category = (typeof SUGGESTION_CATEGORIES)[number];
/** Radix Select has no empty value: this one stands for "no category". */
const NO_CATEGORY = 'none';
const CATEGORY_OPTIONS = [
  { value: NO_CATEGORY, label: 'No category' },
  ...SUGGESTION_CATEGORIES.map((c) => ({ value: c, label: c })),
] as const;

type SuggestionValues = { category: Category | typeof NO_CATEGORY; content: string };
const EMPTY: SuggestionValues = { category: NO_CATEGORY, content: '' };

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
  const form = useForm<SuggestionValues>({ defaultValues: EMPTY, mode: 'onChange' });
  const brainstorm = useBrainstorm();
  const suggest = useSuggestQuestion();

  const send = async ({ category, content }: SuggestionValues) => {
    await suggest.mutateAsync({ content, ...(category === NO_CATEGORY ? {} : { category }) });
    toast({ title: 'Question Submitted', description: 'Thank you for your suggestion!' });
    form.reset(EMPTY);
  };

  const stats = brainstorm.data;
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader
        title="Brainstorm"
        description="Suggest a question for a future day. Admins review every suggestion."
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card padding="lg">
          <Form
            form={form}
            onSubmit={send}
            aria-label="Suggest a question"
            className="flex flex-col gap-4"
            footer={
              <SubmitButton
                control={form.control}
                pending="Submitting..."
                disabled={!form.formState.isValid}
              >
                Submit Suggestion
              </SubmitButton>
            }
          >
            <FormSelect
              control={form.control}
              name="category"
              label="Category (optional)"
              options={CATEGORY_OPTIONS}
            />
            <QuestionField control={form.control} rule={suggestionRule} />
          </Form>
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
