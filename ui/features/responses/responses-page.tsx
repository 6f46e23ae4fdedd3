import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { QuestionUnavailable } from '../../components/question-unavailable';
import { ThoughtsWaiting } from '../../components/thoughts-waiting';
import { Unreachable, UnreachableNotice } from '../../components/unreachable';
import { LoadMore } from '../../components/ui/load-more';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { DiscussionIcon } from '../../components/ui/icons';
import { ConversationDrawing, VoiceDrawing } from '../../components/ui/illustrations';
import { InstallOfferSlot } from '../../components/install-offer-slot';
import { ExploreMore } from '../../components/ui/link-card';
import { Masonry } from '../../components/ui/masonry';
import { Skeleton, SkeletonList } from '../../components/ui/skeleton';
import { ApiError, pagedList } from '../../lib/api-client';
import { useLiveTopics } from '../../lib/live-client';
import { usePageTitle } from '../../lib/page-title';
import { failureInPlace, keptThroughFailure } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { useQuestion, useTodayQuestion } from '../../lib/today-question';
import { useResponses } from './api/get-responses';
import { EchoesLeft } from './components/echoes-left';
import { ResponseCard } from './components/response-card';
import { SharedPerspectives } from './components/shared-perspectives';
import { isActiveDiscussion } from './discussion';
import { LatestAnswers } from './latest-answers';

/** A question id in the path: a positive whole number, nothing else (no request for NaN). */
const parseQuestionId = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;

/** How many answers a first screen can show: two rows of the widest layout's three columns. */
const FIRST_SCREEN_CARDS = 6;

const BackHome = ({ label }: { label: string }) => <ButtonLink to="/home">{label}</ButtonLink>;

/** `afterAnswers`: what the app shows below a discussion's answers once they are drawn. */
type Slots = { afterAnswers?: (questionId: number) => ReactNode };

const ResponsesPage = ({ afterAnswers }: Slots) => {
  const questionId = parseQuestionId(useParams().questionId);
  return questionId === null ? (
    <NotFound />
  ) : (
    <QuestionResponses questionId={questionId} afterAnswers={afterAnswers} />
  );
};

const QuestionResponses = ({ questionId, afterAnswers }: Slots & { questionId: number }) => {
  // Asked side by side: the answers do not wait for the question's answer.
  const question = useQuestion(questionId);
  const responses = useResponses(questionId);
  const { data: today } = useTodayQuestion();
  useLiveTopics([`responses:${questionId}`]);
  const missing = question.error instanceof ApiError && question.error.status === 404;
  usePageTitle(
    question.data
      ? `Responses: ${question.data.content}`
      : missing
        ? 'Question not found'
        : 'Community responses',
  );

  // The answers' cards are drawn in a render React may pause for a tap or a frame (a deferred
  // value), after the one that took the answers in: on a slow phone, drawing them at once was
  // the page's longest task. Until then the page shows what it showed (loading, or the cards
  // before a refresh). The cards themselves are made once per list, so a render for anything
  // else on the page (today's question, an echo count) leaves them be.
  const shown = useDeferredValue(responses.isPending ? null : (responses.data ?? null));
  const { list, total } = pagedList(shown?.pages);
  // The answers as they are now, for what a card shows of the person's own presses (an echo).
  const latest = useMemo(
    () => new Map(responses.list.map((response) => [response.id, response])),
    [responses.list],
  );
  const cards = useMemo(
    () =>
      list.map((response, index) => ({
        key: response.id,
        node: <ResponseCard response={response} later={index >= FIRST_SCREEN_CARDS} />,
      })),
    [list],
  );

  if (question.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading responses…</span>
        <Skeleton className="h-9 w-full max-w-2xl" />
        <Skeleton className="mt-2 mb-8 h-9 w-2/3 max-w-xl" />
        <SkeletonList count={3} label="" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" />
      </div>
    );
  }
  // A question already shown (say, the one the page came with) stays when asking again fails.
  if (!question.data) return <QuestionUnavailable question={question} />;
  // Answers already read stay too when Boon cannot be reached to read them again (offline).
  const answersFailure = failureInPlace(responses);
  const answersUnreachable = answersFailure !== null && isUnreachable(answersFailure);
  const questionKept = keptThroughFailure(question);
  const answersKept = keptThroughFailure(responses);
  const retryKept = () => {
    if (questionKept) void question.refetch();
    if (answersKept) void responses.refetch();
  };
  return (
    <>
      {/* Said once: by the answers' own message when they could not load either. */}
      {(questionKept || answersKept) && !answersUnreachable && (
        <UnreachableNotice
          onRetry={retryKept}
          retrying={question.isFetching || responses.isFetching}
          error={questionKept ? question.error : responses.error}
        />
      )}
      <h1 className="max-w-4xl font-serif text-headline font-semibold tracking-tight sm:text-display">
        {question.data.content}
      </h1>
      {answersFailure ? (
        answersUnreachable ? (
          <Unreachable
            onRetry={() => void responses.refetch()}
            retrying={responses.isFetching}
            error={answersFailure}
          />
        ) : (
          <EmptyState
            drawing={<VoiceDrawing />}
            title="Share Your Voice First"
            action={<BackHome label="Go to today's question" />}
          >
            <p>
              {answersFailure instanceof ApiError && answersFailure.status === 403
                ? 'Share your own perspective on this question before viewing others.'
                : 'Share your own perspective before viewing others.'}
            </p>
            <ThoughtsWaiting
              questionId={questionId}
              today={today?.id === questionId}
              className="mt-3 justify-center"
            />
          </EmptyState>
        )
      ) : shown === null ? (
        <SkeletonList
          count={3}
          label="Loading responses…"
          className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3"
        />
      ) : list.length === 0 ? (
        <EmptyState
          drawing={<ConversationDrawing />}
          title="Start the Conversation"
          action={<BackHome label="Answer today's question" />}
        >
          <p>No one has answered yet. Be the first.</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="thoughts" className="mt-8">
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <h2 id="thoughts" className="text-title font-semibold">
              {total} {total === 1 ? 'thought' : 'thoughts'}
            </h2>
            <EchoesLeft />
            {isActiveDiscussion(list) && (
              <Badge tone="success">
                <DiscussionIcon aria-hidden="true" />
                Active discussion
              </Badge>
            )}
          </div>
          <LatestAnswers.Provider value={latest}>
            <Masonry label="Responses" items={cards} />
          </LatestAnswers.Provider>
          <LoadMore label="Show more answers" paged={responses} />
        </section>
      )}
      {shown !== null && list.length > 0 && afterAnswers?.(questionId)}
      {!responses.isPending && !answersFailure && list.length > 0 && (
        <SharedPerspectives questionId={questionId} responses={list} />
      )}
      {/* After the list has settled, so it never jumps down as the answers arrive. */}
      {today?.id === questionId && (shown !== null || responses.isError) && (
        <>
          <InstallOfferSlot />
          <ExploreMore />
        </>
      )}
    </>
  );
};

export default ResponsesPage;
