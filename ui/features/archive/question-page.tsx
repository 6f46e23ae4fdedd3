import { useParams } from 'react-router-dom';
import type { QuestionDto } from '../../../domain/contracts/questions';
import { NotFound } from '../../components/not-found';
import { LoadFailed } from '../../components/load-failed';
import { QuestionUnavailable } from '../../components/question-unavailable';
import { KeptReadNotice } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { BackIcon, DiscussionIcon, ForwardIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { failureInPlace } from '../../lib/read-failure';
import { longDate, useQuestion } from '../../lib/today-question';
import { useQuestionResponded } from './api/question';

/** A question id in the path: a positive whole number, nothing else (no request for NaN). */
const parseQuestionId = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;

/** /question/{id}, where journey cards lead: one question, and the way into its discussion. */
const QuestionPage = () => {
  const id = parseQuestionId(useParams().id);
  return id === null ? <NotFound /> : <QuestionView id={id} />;
};

const QuestionView = ({ id }: { id: number }) => {
  // Asked side by side: whether it was answered does not wait for the question.
  const question = useQuestion(id);
  const responded = useQuestionResponded(id);
  const missing = question.error instanceof ApiError && question.error.status === 404;
  usePageTitle(question.data ? question.data.content : missing ? 'Question not found' : 'Question');

  if (question.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading question…</span>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="mt-4 h-9 w-full max-w-2xl" />
        <Skeleton className="mt-2 h-9 w-2/3 max-w-xl" />
        <Skeleton className="mt-8 h-32 w-full max-w-2xl" />
      </div>
    );
  }
  // A question already shown stays when Boon cannot be reached to ask again (offline).
  if (!question.data || failureInPlace(question)) {
    return <QuestionUnavailable question={question} />;
  }
  const q = question.data;
  return (
    <article aria-labelledby="question-heading" className="max-w-3xl">
      <KeptReadNotice read={question} />
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">{q.category}</Badge>
        <Badge tone={q.status === 'active' ? 'success' : 'neutral'}>
          {q.status === 'active' ? 'Active' : 'Archived'}
        </Badge>
        {responded.data?.hasResponded && <Badge tone="success">Responded</Badge>}
      </div>
      <h1
        id="question-heading"
        className="mt-4 font-serif text-headline font-semibold tracking-tight sm:text-display"
      >
        {q.content}
      </h1>
      <p className="mt-3 text-small text-ink-muted">Asked on {longDate(q.dateAdded)}</p>
      {q.submissionId && (
        <p className="mt-1 text-small text-ink-muted">
          This question was submitted by a community member
        </p>
      )}
      {responded.isError ? (
        <div className="mt-8 max-w-2xl">
          <LoadFailed what="Whether you answered it" query={responded} />
        </div>
      ) : (
        <WayIn question={q} responded={responded.data?.hasResponded} />
      )}
      <ButtonLink to="/my-journey" variant="ghost" className="mt-6">
        <BackIcon aria-hidden="true" />
        Back to My Journey
      </ButtonLink>
    </article>
  );
};

/** Answered: straight to the discussion. Not yet: today's is answered on Home; a past one is read. */
const WayIn = ({ question, responded }: { question: QuestionDto; responded?: boolean }) => {
  if (responded === undefined) return <Skeleton className="mt-8 h-32 w-full max-w-2xl" />;
  const discussion = `/responses/${question.id}`;
  if (responded) {
    return (
      <Card tone="flat" className="mt-8">
        <h2 className="font-serif text-title">You shared your perspective</h2>
        <p className="mt-2 text-ink-muted">See what the community thought and join the replies.</p>
        <ButtonLink to={discussion} className="mt-4">
          <DiscussionIcon aria-hidden="true" />
          View Discussion
        </ButtonLink>
      </Card>
    );
  }
  if (question.status === 'active') {
    return (
      <Card tone="flat" className="mt-8">
        <h2 className="font-serif text-title">Join the discussion</h2>
        <p className="mt-2 text-ink-muted">
          This is today's question. Share your perspective to see what others think.
        </p>
        <ButtonLink to="/home" className="mt-4">
          <ForwardIcon aria-hidden="true" />
          Join Discussion
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card tone="flat" className="mt-8">
      <h2 className="font-serif text-title">Explore the discussion</h2>
      <p className="mt-2 text-ink-muted">
        Answers were taken on the day it was asked. Its discussion is open to everyone who has
        answered today's question.
      </p>
      <ButtonLink to={discussion} className="mt-4">
        <DiscussionIcon aria-hidden="true" />
        Explore Responses
      </ButtonLink>
    </Card>
  );
};

export default QuestionPage;
