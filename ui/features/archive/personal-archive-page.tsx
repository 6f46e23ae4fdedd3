import { useState } from 'react';
import type { QuestionDto } from '../../../domain/contracts/questions';
import { Link } from 'react-router-dom';
import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { DiscussionIcon, ForwardIcon } from '../../components/ui/icons';
import { Callout } from '../../components/ui/callout';
import { VoiceDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonList } from '../../components/ui/skeleton';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable, useRequireRegistration } from '../../lib/registration';
import { useAuth } from '../../lib/session';
import { longDate, useTodayQuestion } from '../../lib/today-question';
import { useMyResponses } from './api/my-responses';
import { matches, SearchField } from './components/search-field';

const echoes = (n: number) => `${n} echo${n === 1 ? '' : 'es'}`;
const showing = (shown: number, total: number) =>
  `Showing ${shown} of ${total} response${total === 1 ? '' : 's'}`;

/**
 * The Responses tab: the person's own answers, searchable, and today's discussion (or today's
 * question, while it waits for their answer). Open to anyone with a pseudonym; an account
 * only adds keeping them on every device, which the page says.
 */
const PersonalArchivePage = () => {
  useRequireRegistration();
  return <ResponseArchive />;
};

/** Today's discussion once the person answered; today's question while it waits for them. */
const Today = ({
  question,
  answered,
}: {
  question: QuestionDto | undefined;
  answered: boolean | undefined;
}) => {
  if (!question || answered === undefined) return null;
  return (
    <Card as="section" tone="flat" aria-labelledby="today-heading" className="mb-6">
      <p className="text-small font-medium text-ink-muted">
        {answered ? 'Today’s discussion' : 'Today’s question is waiting for you'}
      </p>
      <h2 id="today-heading" className="mt-1 font-serif text-title break-words">
        {question.content}
      </h2>
      <ButtonLink
        to={answered ? `/responses/${question.id}` : '/home'}
        className="mt-4"
        variant={answered ? 'primary' : 'secondary'}
      >
        {answered ? <DiscussionIcon aria-hidden="true" /> : <ForwardIcon aria-hidden="true" />}
        {answered ? 'Read today’s discussion' : 'Answer today’s question'}
      </ButtonLink>
    </Card>
  );
};

/** Without an account the answers live with this device's pseudonym: how to keep them anywhere. */
const KeepEverywhere = () => {
  const { session } = useAuth();
  if (session) return null;
  return (
    <Callout className="mb-6" title="Kept on this device">
      <p>
        Your answers are kept under your pseudonym on this device.{' '}
        <Link to="/auth" state={{ mode: 'signup' }} className="link">
          Create a free account
        </Link>{' '}
        to have them on every device; your pseudonym comes with you.
      </p>
    </Callout>
  );
};

const ResponseArchive = () => {
  const responses = useMyResponses();
  const [search, setSearch] = useState('');
  const today = useTodayQuestion();
  const answeredToday =
    today.data && responses.data
      ? responses.data.some((r) => r.questionId === today.data.id)
      : undefined;
  const header = (
    <>
      <PageHeader
        title="Your Response Archive"
        description="Everything you have shared, with how it was received."
      />
      <Today question={today.data} answered={answeredToday} />
      <KeepEverywhere />
    </>
  );
  const failure = failureInPlace(responses);
  if (failure) {
    return isUnreachable(failure) ? (
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
      <KeptReadNotice read={responses} />
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
