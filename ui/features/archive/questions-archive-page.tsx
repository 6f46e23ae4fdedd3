import { useState } from 'react';
import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { DiscussionIcon } from '../../components/ui/icons';
import { QuestionDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonList } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { longDate } from '../../lib/today-question';
import { useArchiveQuestions } from './api/archive-questions';
import { useResponseStatus } from './api/response-status';
import { JoinTodayFirst } from './components/join-today-first';
import { matches, SearchField } from './components/search-field';

const showing = (shown: number, total: number) =>
  `Showing ${shown} of ${total} question${total === 1 ? '' : 's'}`;

/** The archive's second version: each question marked when the caller answered it. */
const QuestionsArchivePage = () => {
  const archive = useArchiveQuestions();
  const status = useResponseStatus((archive.data?.length ?? 0) > 0);
  const [search, setSearch] = useState('');

  const failure = failureInPlace(archive);
  if (failure instanceof ApiError && failure.status === 403) return <JoinTodayFirst />;
  if (failure && isUnreachable(failure)) {
    return <Unreachable onRetry={() => void archive.refetch()} retrying={archive.isFetching} />;
  }
  const all = archive.data ?? [];
  const list = all.filter((q) => matches(search, q.content, q.category));
  return (
    <>
      <KeptReadNotice read={archive} />
      <PageHeader
        title="Question Archive"
        description="Past questions, and the ones you answered."
      />
      <SearchField placeholder="Search questions..." value={search} onValueChange={setSearch} />
      {archive.isPending ? (
        <SkeletonList count={6} label="Loading questions…" className="grid gap-4 md:grid-cols-2" />
      ) : list.length === 0 ? (
        <EmptyState drawing={<QuestionDrawing />} title="No Questions Found">
          <p>
            {search.trim()
              ? 'Try adjusting your search terms or filters.'
              : 'No archived questions are available yet.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-small text-ink-muted" aria-live="polite">
            {showing(list.length, all.length)}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Questions">
            {list.map((question) => (
              <li key={question.id}>
                <Card as="article" aria-labelledby={`q-${question.id}`} className="h-full">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="accent">{question.category}</Badge>
                    {status.data?.[String(question.id)] && <Badge tone="success">Responded</Badge>}
                  </div>
                  <h2 id={`q-${question.id}`} className="mt-3 font-serif text-title">
                    {question.content}
                  </h2>
                  <p className="mt-2 text-small text-ink-muted">
                    Asked on {longDate(question.dateAdded)}
                  </p>
                  <ButtonLink
                    to={`/responses/${question.id}`}
                    variant="secondary"
                    size="sm"
                    className="mt-4"
                  >
                    <DiscussionIcon aria-hidden="true" />
                    Explore Responses
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

export default QuestionsArchivePage;
