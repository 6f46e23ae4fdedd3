import { useState } from 'react';
import { REACTIONS } from '../../../../domain/contracts/reactions';
import type { SentimentItem } from '../../../../domain/contracts/sentiment';
import {
  SPECTRUM_LABELS,
  SPECTRUM_SIDES,
  spectrumText,
} from '../../../../domain/contracts/spectrum';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';

const percent = (value: number) => `${value}%`;
const change = (value: number | null, unit = '%') =>
  value === null ? 'N/A' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}${unit}`;
const score = (value: number | null) => (value === null ? 'N/A' : value.toFixed(2));

const sideTones = { left: 'bg-accent', center: 'bg-line-strong', right: 'bg-ink-muted' };

/** Where the answers placed themselves: a bar of thirds, each labelled with its share. */
const SpectrumBar = ({ item }: { item: SentimentItem }) => (
  <div>
    <p className="text-small text-ink-muted">
      Average spectrum position:{' '}
      <strong className="text-ink">{spectrumText(item.averageSpectrum)}</strong>
    </p>
    <div
      className="mt-2 flex h-3 overflow-hidden rounded-full bg-surface-sunken"
      aria-hidden="true"
    >
      {SPECTRUM_SIDES.map((side) => (
        <div
          key={side}
          className={sideTones[side]}
          style={{ width: percent(item.distribution[side]) }}
        />
      ))}
    </div>
    <table className="mt-2 w-full text-small">
      <caption className="sr-only">Spectrum distribution</caption>
      <thead>
        <tr>
          {SPECTRUM_SIDES.map((side) => (
            <th key={side} scope="col" className="text-left font-medium text-ink-muted">
              {SPECTRUM_LABELS[side]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {SPECTRUM_SIDES.map((side) => (
            <td key={side}>{percent(item.distribution[side])}</td>
          ))}
        </tr>
      </tbody>
    </table>
  </div>
);

const Rows = ({ caption, rows }: { caption: string; rows: [string, string][] }) => (
  <table className="w-full text-small">
    <caption className="sr-only">{caption}</caption>
    <tbody>
      {rows.map(([label, value]) => (
        <tr key={label} className="border-b border-line last:border-0">
          <th scope="row" className="py-1.5 text-left font-normal text-ink-muted">
            {label}
          </th>
          <td className="py-1.5 text-right font-medium tabular-nums">{value}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const engagementRows = (item: SentimentItem): [string, string][] => [
  ['Replies', String(item.engagement.repliesCount)],
  ['Echoes', String(item.engagement.echoes)],
  ...REACTIONS.map(({ emoji, label }): [string, string] => [
    `${emoji} ${label}`,
    String(item.engagement.reactions[emoji] ?? 0),
  ]),
  ['Responses vs. previous period', change(item.trend.responseCountChange)],
  ['Engagement vs. previous period', change(item.trend.engagementChange)],
  ['Spectrum move vs. previous period', change(item.trend.spectrumChange, ' points')],
];

const qualityRows = (item: SentimentItem): [string, string][] => [
  ['Relevance', score(item.moderation.relevanceAvg)],
  ['Civility', score(item.moderation.civilityAvg)],
  ['Sincerity', score(item.moderation.sincerityAvg)],
  ['Rejection rate', percent(item.moderation.rejectionRate)],
];

const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** One question on one day: its count, spectrum, and the engagement and quality tabs. */
export const QuestionSentiment = ({ item }: { item: SentimentItem }) => {
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
      <SpectrumBar item={item} />
      <Tabs
        label="Figures"
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'engagement',
            label: 'Engagement',
            content: <Rows caption="Engagement" rows={engagementRows(item)} />,
          },
          {
            key: 'quality',
            label: 'Content Quality',
            content: <Rows caption="Content quality" rows={qualityRows(item)} />,
          },
        ]}
      />
    </Card>
  );
};
