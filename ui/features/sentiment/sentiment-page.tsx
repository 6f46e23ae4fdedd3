import { Suspense, useState } from 'react';
import { OPINION_SUMMARIES_MAX } from '../../../domain/contracts/opinions';
import { SENTIMENT_RANGES, type SentimentDays } from '../../../domain/contracts/sentiment';
import { sharedTopics } from '../../../domain/contracts/topics';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { RetryIcon } from '../../components/ui/icons';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { useLiveTopics } from '../../lib/live-client';
import { useRequireRegistration } from '../../lib/registration';
import { useOpinionSummaries } from './api/opinion-summaries';
import { useSentiment } from './api/sentiment';
import { QuestionSentiment } from './components/question-sentiment';
import { lazyComponent } from '../../lib/lazy-component';

// Recharts loads with the chart, after the page and its tables are on screen.
const TrendChart = lazyComponent(() =>
  import('./components/trend-chart').then((m) => ({ default: m.TrendChart })),
).Component;

const Figures = ({ days }: { days: SentimentDays }) => {
  const sentiment = useSentiment(days);
  const opinions = useOpinionSummaries(
    [...new Set((sentiment.data ?? []).map((item) => item.questionId))].slice(
      0,
      OPINION_SUMMARIES_MAX,
    ),
  );
  if (sentiment.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading sentiment…</span>
        <Card aria-hidden="true">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-4 h-3 w-full" />
          <Skeleton className="mt-4 h-24 w-full" />
        </Card>
      </div>
    );
  }
  if (sentiment.isError) {
    return (
      <EmptyState
        title="Error loading sentiment data"
        level={2}
        role="alert"
        action={
          <Button
            variant="secondary"
            disabled={sentiment.isFetching}
            onClick={() => void sentiment.refetch()}
          >
            <RetryIcon aria-hidden="true" />
            Try again
          </Button>
        }
      >
        <p>The figures could not be loaded. Please try again in a moment.</p>
      </EmptyState>
    );
  }
  if (sentiment.data.length === 0) {
    return (
      <EmptyState title="No sentiment data available" level={2}>
        <p>Nobody has answered a question in this period yet.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <TrendChart items={sentiment.data} />
      </Suspense>
      {sentiment.data.map((item) => (
        <QuestionSentiment
          key={`${item.questionId}-${item.date}`}
          item={item}
          opinions={opinions.data?.get(item.questionId)}
        />
      ))}
    </div>
  );
};

/** The community's sentiment: per question and day, over a week, a fortnight or a month. */
const SentimentPage = () => {
  useRequireRegistration();
  useLiveTopics([sharedTopics.sentiment.name()]);
  const [days, setDays] = useState<SentimentDays>(7);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Community Sentiment"
        description="Where people placed themselves, how they engaged, and the quality of the conversation, question by question."
      />
      <Tabs
        label="Range"
        active={String(days)}
        onChange={(key) => setDays(Number(key) as SentimentDays)}
        tabs={SENTIMENT_RANGES.map(({ days: value, label }) => ({
          key: String(value),
          label,
          content: value === days ? <Figures days={value} /> : null,
        }))}
      />
    </div>
  );
};

export default SentimentPage;
