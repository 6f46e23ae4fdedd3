import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ThoughtsWaiting } from '../../components/thoughts-waiting';
import { Unreachable, UnreachableNotice } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { DiscussionIcon } from '../../components/ui/icons';
import { QuestionDrawing } from '../../components/ui/illustrations';
import { ExploreMore } from '../../components/ui/link-card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { useBrowserValue } from '../../lib/hydration';
import { useLiveTopics } from '../../lib/live-client';
import { localRecords } from '../../lib/local-responses';
import { isUnreachable, useRequireRegistration } from '../../lib/registration';
import { longDate, useTodayQuestion } from '../../lib/today-question';
import { hasRespondedQuery, useWaitingAnswer } from './api/responding';
import { AboutAndPrivacy, RelatedResources } from './components/home-sections';
import { ResponseComposer } from './components/response-composer';
import { WaitingAnswer } from './components/waiting-answer';
import { sharedTopics } from '../../../domain/contracts/topics';

const QuestionSkeleton = () => (
  <Card tone="raised" padding="lg" aria-hidden="true">
    <Skeleton className="h-4 w-48" />
    <Skeleton className="mt-4 h-8 w-full" />
    <Skeleton className="mt-2 h-8 w-3/4" />
    <Skeleton className="mt-8 h-40 w-full" />
  </Card>
);

const HomePage = () => {
  const navigate = useNavigate();
  const today = useTodayQuestion();
  useRequireRegistration();
  const hasResponded = useQuery(hasRespondedQuery);
  useLiveTopics([sharedTopics.questionToday.name()]);
  const question = today.data;
  const answeredOnServer =
    hasResponded.data?.hasResponded === true && hasResponded.data.questionId === question?.id;
  // This browser's own record: read after the page is adopted (the server knows none).
  const answeredLocally = useBrowserValue(
    () => (question ? localRecords.answeredToday(question) : false),
    false,
  );
  const answered = answeredOnServer || (answeredLocally && !hasResponded.isSuccess);
  const waiting = useWaitingAnswer(question?.id ?? 0);

  useEffect(() => {
    if (!question || !hasResponded.isSuccess) return;
    if (hasResponded.data.hasResponded && hasResponded.data.questionId === question.id) {
      navigate(`/responses/${question.id}`, { replace: true });
    } else if (answeredLocally) {
      localRecords.forget(question.id);
    }
  }, [question, hasResponded.isSuccess, hasResponded.data, answeredLocally, navigate]);

  if (today.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading today’s question…</span>
        <QuestionSkeleton />
      </div>
    );
  }
  if (!question) {
    if (today.error && !(today.error instanceof ApiError && today.error.status === 404)) {
      return isUnreachable(today.error) ? (
        <Unreachable onRetry={() => void today.refetch()} retrying={today.isFetching} />
      ) : (
        <EmptyState drawing={<QuestionDrawing />} title="Something went wrong" level={1}>
          <p>Today’s question could not be loaded. Please refresh the page.</p>
        </EmptyState>
      );
    }
    return (
      <EmptyState drawing={<QuestionDrawing />} title="No question available today" level={1}>
        <p>There is no question for today yet. Please come back a little later.</p>
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {/* The question came with the page, but Boon has stopped answering since: say so. */}
      {today.isError && isUnreachable(today.error) && (
        <UnreachableNotice
          onRetry={() => void today.refetch()}
          retrying={today.isFetching}
          error={today.error}
        />
      )}
      <Card as="article" tone="raised" padding="lg" aria-labelledby="question">
        <div className="flex flex-wrap items-center gap-2 text-small text-ink-muted">
          <span>{longDate(question.dateAdded)}</span>
          <Badge tone="accent">{question.category}</Badge>
        </div>
        {/* A sentence, not a label: in a pill it broke over two lines on a phone. */}
        {question.submissionId && (
          <p className="mt-2 text-small text-ink-muted">
            This question was submitted by a community member
          </p>
        )}
        <h1
          id="question"
          className="mt-4 font-serif text-headline font-semibold tracking-tight sm:text-display"
        >
          {question.content}
        </h1>
        <div className="mt-8">
          {answered ? (
            <Card tone="flat">
              <h2 className="flex items-center gap-2 font-semibold">
                <DiscussionIcon aria-hidden="true" className="size-5 text-accent-ink" />
                Explore Community Perspectives
              </h2>
              <p className="mt-1 text-small text-ink-muted">
                You’ve already shared your thought today. One question can be answered per day.
              </p>
              <ButtonLink to={`/responses/${question.id}`} className="mt-4">
                View All Responses
              </ButtonLink>
            </Card>
          ) : waiting ? (
            <WaitingAnswer write={waiting} />
          ) : (
            <>
              <ThoughtsWaiting questionId={question.id} today className="mb-4" />
              <ResponseComposer questionId={question.id} questionDay={question.dateAdded} />
            </>
          )}
        </div>
      </Card>
      <ExploreMore />
      <AboutAndPrivacy />
      <RelatedResources questionId={question.id} />
    </div>
  );
};

export default HomePage;
