import { useState } from 'react';
import type { OpinionSummaryDto } from '../../../../domain/contracts/opinions';
import type { SentimentItem } from '../../../../domain/contracts/sentiment';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { OpinionFigures } from './opinion-figures';
import { EngagementFigure, QualityFigure, SpectrumFigure } from './question-figures';

const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * One question on one day: its count, spectrum, its opinion map's groups and common ground,
 * and the engagement and quality tabs.
 */
export const QuestionSentiment = ({
  item,
  opinions,
}: {
  item: SentimentItem;
  opinions?: OpinionSummaryDto | undefined;
}) => {
  const [tab, setTab] = useState<'engagement' | 'quality'>('engagement');
  const titleId = `sentiment-${item.questionId}-${item.date}`;
  return (
    <Card as="article" aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-small text-ink-muted">
            <time dateTime={item.date}>{dayText(item.date)}</time>
          </p>
          <h2 id={titleId} className="font-serif text-title font-semibold">
            {item.questionContent}
          </h2>
        </div>
        <Badge>
          {item.responseCount} {item.responseCount === 1 ? 'response' : 'responses'}
        </Badge>
      </header>
      <SpectrumFigure item={item} />
      <OpinionFigures summary={opinions} />
      <Tabs
        label="Figures"
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'engagement',
            label: 'Engagement',
            content: <EngagementFigure item={item} />,
          },
          {
            key: 'quality',
            label: 'Content Quality',
            content: <QualityFigure item={item} />,
          },
        ]}
      />
    </Card>
  );
};
