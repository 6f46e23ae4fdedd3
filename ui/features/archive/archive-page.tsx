import { useState } from 'react';
import { Link } from 'react-router-dom';
import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QuestionDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonList } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { longDate } from '../../lib/today-question';
import { useArchiveQuestions } from './api/archive-questions';
import { JoinTodayFirst } from './components/join-today-first';
import { PastTitles } from './components/past-titles';

const plural = (n: number) => `${n} question${n === 1 ? '' : 's'} found`;

/** Every question asked so far, once today's is answered (the spec's archive). */
const ArchivePage = () => {
  const archive = useArchiveQuestions();
  const [search, setSearch] = useState('');

  const failure = failureInPlace(archive);
  if (failure instanceof ApiError && failure.status === 403) {
    return (
      <>
        <JoinTodayFirst />
        <PastTitles />
      </>
    );
  }
  if (failure && isUnreachable(failure)) {
    return <Unreachable onRetry={() => void archive.refetch()} retrying={archive.isFetching} />;
  }

  const words = search.trim().toLowerCase();
  const list = (archive.data ?? []).filter((q) => q.content.toLowerCase().includes(words));
  return (
    <>
      <KeptReadNotice read={archive} />
      <PageHeader
        title="Question Archive"
        description="Every question the community has answered."
      />
      <div className="mb-6 max-w-md">
        <TextField
          label="Search"
          type="search"
          placeholder="Search questions..."
          value={search}
          onValueChange={setSearch}
        />
      </div>
      {archive.isPending ? (
        <SkeletonList count={6} label="Loading questions…" className="grid gap-4 md:grid-cols-2" />
      ) : list.length === 0 ? (
        <EmptyState drawing={<QuestionDrawing />} title="No Questions Found">
          <p>
            {words
              ? 'Try adjusting your search terms or filters.'
              : 'No archived questions are available yet.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-small text-ink-muted" aria-live="polite">
            {plural(list.length)}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Questions">
            {list.map((question) => (
              <li key={question.id}>
                <Card
                  as={Link}
                  to={`/responses/${question.id}`}
                  className="block h-full transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="accent">{question.category}</Badge>
                    <Badge tone={question.status === 'active' ? 'success' : 'neutral'}>
                      {question.status === 'active' ? 'Active' : 'Archived'}
                    </Badge>
                  </div>
                  <p className="mt-3 font-serif text-title">{question.content}</p>
                  <p className="mt-2 text-small text-ink-muted">{longDate(question.dateAdded)}</p>
                  {question.submissionId && (
                    <p className="mt-1 text-small text-ink-muted">Submitted by community member</p>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-6 text-small text-ink-muted">
        Looking for the ones you answered?{' '}
        <Link to="/questions/archive" className="link">
          All questions, yours marked
        </Link>
      </p>
      <Card tone="flat" className="mt-8 text-center">
        <h2 className="font-serif text-title">Ready for Today's Question?</h2>
        <ButtonLink to="/home" className="mt-4">
          Go to today's question
        </ButtonLink>
      </Card>
    </>
  );
};

export default ArchivePage;
