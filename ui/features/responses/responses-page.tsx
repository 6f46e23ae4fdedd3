import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ExploreMore } from '../../components/ui/link-card';
import { ApiError } from '../../lib/api-client';
import { useLiveTopics } from '../../lib/live-client';
import { useTodayQuestion } from '../../lib/today-question';
import { questionQuery, responsesQuery } from './api/responses';
import { ResponseCard } from './components/response-card';
import { SharedPerspectives } from './components/shared-perspectives';

const Notice = ({ title, text, link }: { title: string; text: string; link: string }) => (
  <section className="mx-auto max-w-lg rounded-xl border border-stone-300 p-6 text-center dark:border-stone-700">
    <h2 className="text-xl font-semibold">{title}</h2>
    <p className="mt-2 text-stone-600 dark:text-stone-300">{text}</p>
    <Link
      to="/home"
      className="mt-4 inline-block font-medium text-amber-800 underline dark:text-amber-400"
    >
      {link}
    </Link>
  </section>
);

const ResponsesPage = () => {
  const questionId = Number(useParams().questionId);
  const question = useQuery(questionQuery(questionId));
  const responses = useQuery({ ...responsesQuery(questionId), enabled: question.isSuccess });
  const { data: today } = useTodayQuestion();
  useLiveTopics([`responses:${questionId}`]);

  if (question.isPending) return <p className="py-12 text-center">Loading…</p>;
  if (question.isError) {
    return (
      <Notice
        title="Question not found"
        text="This question does not exist."
        link="Return to Today's Question"
      />
    );
  }
  const list = responses.data ?? [];
  return (
    <>
      <h1 className="text-2xl leading-snug font-semibold">{question.data.content}</h1>
      {responses.isError ? (
        <div className="mt-6">
          <Notice
            title="Share Your Voice First"
            text={
              responses.error instanceof ApiError && responses.error.status === 403
                ? 'Share your own perspective on this question before viewing others.'
                : 'Share your own perspective before viewing others.'
            }
            link="Go to today's question"
          />
        </div>
      ) : responses.isPending ? (
        <p className="py-12 text-center">Loading responses…</p>
      ) : list.length === 0 ? (
        <div className="mt-6">
          <Notice
            title="Start the Conversation"
            text="No one has answered yet. Be the first."
            link="Answer today's question"
          />
        </div>
      ) : (
        <section aria-labelledby="thoughts" className="mt-4">
          <div className="mb-3 flex items-center gap-3">
            <h2 id="thoughts" className="font-semibold">
              {list.length} {list.length === 1 ? 'thought' : 'thoughts'}
            </h2>
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-900 dark:text-green-100">
              Active discussion
            </span>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((response) => (
              <ResponseCard key={response.id} response={response} />
            ))}
          </div>
        </section>
      )}
      {responses.isSuccess && list.length > 0 && <SharedPerspectives questionId={questionId} />}
      {today?.id === questionId && <ExploreMore />}
    </>
  );
};

export default ResponsesPage;
