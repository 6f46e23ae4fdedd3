import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ExploreMore } from '../../components/ui/link-card';
import { ApiError } from '../../lib/api-client';
import { longDate, useTodayQuestion } from '../../lib/today-question';
import { useLiveTopics } from '../../lib/live-client';
import { localRecords } from '../../lib/local-responses';
import { useRequireRegistration } from '../../lib/registration';
import { hasRespondedQuery, resourcesQuery } from './api/responding';
import { ResponseForm } from './components/response-form';

const RelatedResources = ({ questionId }: { questionId: number }) => {
  const { data } = useQuery(resourcesQuery(questionId));
  if (!data?.length) return null;
  return (
    <section aria-labelledby="resources" className="mt-8">
      <h2 id="resources" className="mb-3 text-lg font-semibold">
        Related Resources
      </h2>
      <ul className="flex flex-col gap-2">
        {data.map((resource) => (
          <li key={resource.id}>
            <a
              href={resource.link}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-amber-800 underline dark:text-amber-400"
            >
              {resource.title}
            </a>
            <p className="text-sm text-stone-600 dark:text-stone-300">{resource.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
};

const AboutAndPrivacy = () => (
  <div className="mt-8 grid gap-4 sm:grid-cols-2">
    <section
      aria-labelledby="about"
      className="rounded-lg border border-stone-300 p-4 dark:border-stone-700"
    >
      <h2 id="about" className="font-semibold">
        About
      </h2>
      <p className="mt-1 text-sm">
        Boon invites one thoughtful question a day and a community that answers with care. We value
        inclusivity, respect and growth.
      </p>
    </section>
    <section
      aria-labelledby="privacy"
      className="rounded-lg border border-stone-300 p-4 dark:border-stone-700"
    >
      <h2 id="privacy" className="font-semibold">
        Privacy & Security
      </h2>
      <p className="mt-1 text-sm">You take part under a pseudonym. Read how we handle your data:</p>
      <p className="mt-1 flex gap-3 text-sm">
        <Link to="/privacy-policy" className="underline">
          Privacy Policy
        </Link>
        <Link to="/terms-of-use" className="underline">
          Terms of Use
        </Link>
      </p>
    </section>
  </div>
);

const HomePage = () => {
  const navigate = useNavigate();
  const today = useTodayQuestion();
  useRequireRegistration();
  const hasResponded = useQuery(hasRespondedQuery);
  useLiveTopics(['question:today']);
  const question = today.data;
  const answeredOnServer =
    hasResponded.data?.hasResponded === true && hasResponded.data.questionId === question?.id;
  const answeredLocally = question ? localRecords.answeredToday(question.id) : false;
  const answered = answeredOnServer || (answeredLocally && !hasResponded.isSuccess);

  useEffect(() => {
    if (!question || !hasResponded.isSuccess) return;
    if (hasResponded.data.hasResponded && hasResponded.data.questionId === question.id) {
      navigate(`/responses/${question.id}`, { replace: true });
    } else if (answeredLocally) {
      localRecords.forget(question.id);
    }
  }, [question, hasResponded.isSuccess, hasResponded.data, answeredLocally, navigate]);

  if (today.isPending) return <p className="py-12 text-center">Loading today’s question…</p>;
  if (!question) {
    const missing = today.error instanceof ApiError && today.error.status === 404;
    return (
      <p className="py-12 text-center">
        {missing || !today.error
          ? 'No question available today'
          : 'Could not load today’s question. Please refresh the page.'}
      </p>
    );
  }

  return (
    <>
      <article
        aria-labelledby="question"
        className="rounded-xl bg-white p-6 shadow-sm dark:bg-stone-900"
      >
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {longDate(question.dateAdded)} · {question.category}
        </p>
        <h1 id="question" className="mt-2 text-2xl leading-snug font-semibold">
          {question.content}
        </h1>
        {question.submissionId && (
          <p className="mt-2 text-sm text-amber-800 dark:text-amber-400">
            This question was submitted by a community member
          </p>
        )}
        <div className="mt-6">
          {answered ? (
            <div className="rounded-lg border border-stone-300 p-4 dark:border-stone-700">
              <h2 className="font-semibold">Explore Community Perspectives</h2>
              <p className="mt-1 text-sm">
                You’ve already shared your thought today. One question can be answered per day.
              </p>
              <Link
                to={`/responses/${question.id}`}
                className="mt-3 inline-block font-medium text-amber-800 underline dark:text-amber-400"
              >
                View All Responses
              </Link>
            </div>
          ) : (
            <ResponseForm questionId={question.id} />
          )}
        </div>
      </article>
      <ExploreMore />
      <AboutAndPrivacy />
      <RelatedResources questionId={question.id} />
    </>
  );
};

export default HomePage;
