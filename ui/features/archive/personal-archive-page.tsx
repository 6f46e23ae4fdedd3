import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { DiscussionIcon } from '../../components/ui/icons';
import { VoiceDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton, SkeletonList } from '../../components/ui/skeleton';
import { isUnreachable } from '../../lib/registration';
import { useAuth } from '../../lib/session';
import { longDate } from '../../lib/today-question';
import { useMyResponses } from './api/my-responses';
import { matches, SearchField } from './components/search-field';

const echoes = (n: number) => `${n} echo${n === 1 ? '' : 'es'}`;
const showing = (shown: number, total: number) =>
  `Showing ${shown} of ${total} response${total === 1 ? '' : 's'}`;

/** A signed-in person's answers, searchable; without a session, off to /auth. */
const PersonalArchivePage = () => {
  const { loading, session } = useAuth();
  if (loading) return <PageSkeleton />;
  if (!session) return <Navigate to="/auth" replace />;
  return <ResponseArchive />;
};

const ResponseArchive = () => {
  const responses = useMyResponses();
  const [search, setSearch] = useState('');
  const header = (
    <PageHeader
      title="Your Response Archive"
      description="Everything you have shared, with how it was received."
    />
  );
  if (responses.error) {
    return isUnreachable(responses.error) ? (
      <Unreachable onRetry={() => void responses.refetch()} retrying={responses.isFetching} />
    ) : (
      <>
        {header}
        <p role="alert">Error loading responses. Please try refreshing the page.</p>
      </>
    );
  }
  const all = responses.data ?? [];
  const list = all.filter((r) => matches(search, r.content, r.questionContent));
  return (
    <>
      {header}
      <SearchField
        placeholder="Search your responses..."
        value={search}
        onValueChange={setSearch}
      />
      {responses.isPending ? (
        <SkeletonList count={3} label="Loading your responses…" />
      ) : list.length === 0 ? (
        <EmptyState
          drawing={<VoiceDrawing />}
          title={all.length === 0 ? 'No responses yet' : 'No Responses Found'}
          action={<ButtonLink to="/home">Go to today's question</ButtonLink>}
        >
          <p>
            {all.length === 0
              ? 'Your answers will gather here, day by day.'
              : 'Try adjusting your search terms.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-small text-ink-muted" aria-live="polite">
            {showing(list.length, all.length)}
          </p>
          <ul className="grid gap-4" aria-label="Your responses">
            {list.map((r) => (
              <li key={r.id}>
                <Card as="article" aria-labelledby={`archived-${r.id}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="accent">{r.questionCategory}</Badge>
                    <span className="text-caption text-ink-muted">
                      Responded on {longDate(r.day)}
                    </span>
                  </div>
                  <h2 id={`archived-${r.id}`} className="mt-3 font-serif text-title">
                    {r.questionContent}
                  </h2>
                  <p className="mt-2 whitespace-pre-line">{r.content}</p>
                  <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
                    <span className="text-small text-ink-muted">{echoes(r.echoCount)}</span>
                    <ButtonLink to={`/responses/${r.questionId}`} variant="secondary" size="sm">
                      <DiscussionIcon aria-hidden="true" />
                      View Discussion
                    </ButtonLink>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
};

export default PersonalArchivePage;
