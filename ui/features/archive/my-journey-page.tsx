import { useId, useState } from 'react';
import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ForwardIcon } from '../../components/ui/icons';
import { QuestionDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { SkeletonList } from '../../components/ui/skeleton';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { longDate } from '../../lib/today-question';
import { useJourney } from './api/journey';
import { matches, SearchField } from './components/search-field';
import { StatCard } from './components/stat-card';

const ALL = 'all';

const inJourney = (n: number) => `${n} question${n === 1 ? '' : 's'} in your journey`;

/** Every question asked so far, with the caller's own answers; by topic and words. */
const MyJourneyPage = () => {
  const journey = useJourney();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const categoryId = useId();

  const failure = failureInPlace(journey);
  if (failure) {
    return isUnreachable(failure) ? (
      <Unreachable onRetry={() => void journey.refetch()} retrying={journey.isFetching} />
    ) : (
      <>
        <PageHeader title="My Journey" />
        <p role="alert">Error loading your journey. Please try refreshing the page.</p>
      </>
    );
  }
  const all = journey.data ?? [];
  const answered = all.filter((q) => q.hasResponded);
  const categories = [...new Set(all.map((q) => q.category))].sort();
  const list = all
    .filter((q) => category === ALL || q.category === category)
    .filter((q) => matches(search, q.content, q.response?.content ?? ''));
  return (
    <>
      <KeptReadNotice read={journey} />
      <PageHeader
        title="My Journey"
        description="Every question so far, and what you made of it."
      />
      <section aria-label="Your journey in numbers" className="mb-6 grid grid-cols-3 gap-3">
        <StatCard label="Responses Shared" value={answered.length} />
        <StatCard label="Questions Available" value={all.length} />
        <StatCard label="Topics Explored" value={new Set(answered.map((q) => q.category)).size} />
      </section>
      <div className="flex flex-wrap items-end gap-x-4">
        <div className="min-w-64 flex-1">
          <SearchField
            placeholder="Search your journey..."
            value={search}
            onValueChange={setSearch}
          />
        </div>
        <div className="mb-6 w-64">
          <span id={categoryId} className="mb-1.5 block text-small font-semibold">
            Topic
          </span>
          <Select
            aria-labelledby={categoryId}
            value={category}
            onValueChange={setCategory}
            options={[
              { value: ALL, label: 'All topics' },
              ...categories.map((name) => ({ value: name, label: name })),
            ]}
          />
        </div>
      </div>
      {journey.isPending ? (
        <SkeletonList count={3} label="Loading your journey…" />
      ) : list.length === 0 ? (
        <EmptyState
          drawing={<QuestionDrawing />}
          title={all.length === 0 ? 'Nothing here yet' : 'No Questions Found'}
          action={<ButtonLink to="/home">Go to today's question</ButtonLink>}
        >
          <p>
            {all.length === 0
              ? "Your journey is just beginning. Start by exploring today's question!"
              : 'Try adjusting your search terms or filters.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-small text-ink-muted" aria-live="polite">
            {inJourney(list.length)}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Your journey">
            {list.map((q) => (
              <li key={q.id}>
                <Card as="article" aria-labelledby={`journey-${q.id}`} className="h-full">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="accent">{q.category}</Badge>
                    {q.hasResponded && <Badge tone="success">Responded</Badge>}
                    <span className="text-caption text-ink-muted">{longDate(q.dateAdded)}</span>
                  </div>
                  <h2 id={`journey-${q.id}`} className="mt-3 font-serif text-title">
                    {q.content}
                  </h2>
                  {q.response && (
                    <p className="mt-2 line-clamp-4 whitespace-pre-line text-ink-muted">
                      {q.response.content}
                    </p>
                  )}
                  <ButtonLink
                    to={`/question/${q.id}`}
                    variant="secondary"
                    size="sm"
                    className="mt-4"
                  >
                    <ForwardIcon aria-hidden="true" />
                    {q.hasResponded ? 'View Discussion' : 'Join Discussion'}
                  </ButtonLink>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
};

export default MyJourneyPage;
