import { Suspense, type ReactNode } from 'react';
import { REACTIONS } from '../../../../domain/contracts/reactions';
import type { SentimentItem } from '../../../../domain/contracts/sentiment';
import {
  SPECTRUM_LABELS,
  SPECTRUM_SIDES,
  spectrumText,
} from '../../../../domain/contracts/spectrum';
import type { FigureBar } from './figure-bars';
import { lazyComponent } from '../../../lib/lazy-component';

/** Recharts loads with the first card, not with the page. */
const FigureBars = lazyComponent(() =>
  import('./figure-bars').then((m) => ({ default: m.FigureBars })),
).Component;

const percent = (value: number) => `${value}%`;
const change = (value: number, unit: string) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}${unit}`;

/** A chart and the table of its numbers, together in one figure. */
const Figure = ({
  bars,
  max,
  labelWidth,
  children,
}: {
  bars: FigureBar[];
  max: number;
  labelWidth?: number;
  children: ReactNode;
}) => (
  <figure className="flex flex-col gap-2">
    <Suspense fallback={<div style={{ height: bars.length * 28 + 8 }} />}>
      <FigureBars bars={bars} max={max} labelWidth={labelWidth} />
    </Suspense>
    {children}
  </figure>
);

const sideFills = {
  left: 'var(--color-accent)',
  center: 'var(--color-line-strong)',
  right: 'var(--color-ink-muted)',
};

/** Where the answers placed themselves: a bar per side, each labelled with its share. */
export const SpectrumFigure = ({ item }: { item: SentimentItem }) =>
  // Nobody placed an answer: said once, rather than an average of 'N/A' over bars of 0%.
  item.averageSpectrum === null ? (
    <p className="text-small text-ink-muted">
      No one has placed an answer on the spectrum yet. Replies, echoes and reactions are below.
    </p>
  ) : (
    <div>
      <p className="text-small text-ink-muted">
        Average spectrum position:{' '}
        <strong className="text-ink">{spectrumText(item.averageSpectrum)}</strong>
      </p>
      <Figure
        max={100}
        bars={SPECTRUM_SIDES.map((side) => ({
          name: SPECTRUM_LABELS[side],
          value: item.distribution[side],
          text: percent(item.distribution[side]),
          fill: sideFills[side],
        }))}
      >
        <table className="w-full text-small">
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
      </Figure>
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

const counts = (item: SentimentItem): [string, number][] => [
  ['Replies', item.engagement.repliesCount],
  ['Echoes', item.engagement.echoes],
  // Named, not drawn as emoji: those render as empty boxes without a colour-emoji font.
  ...REACTIONS.map(({ emoji, label }): [string, number] => [
    `${label} reactions`,
    item.engagement.reactions[emoji] ?? 0,
  ]),
];

/** Replies, echoes and each reaction as bars; the same counts and the trend as a table. */
export const EngagementFigure = ({ item }: { item: SentimentItem }) => {
  const rows = counts(item);
  const changes = (
    [
      ['Responses vs. previous period', item.trend.responseCountChange, '%'],
      ['Engagement vs. previous period', item.trend.engagementChange, '%'],
      ['Spectrum move vs. previous period', item.trend.spectrumChange, ' points'],
    ] as const
  ).flatMap(([label, value, unit]): [string, string][] =>
    value === null ? [] : [[label, change(value, unit)]],
  );
  return (
    <Figure
      max={Math.max(1, ...rows.map(([, value]) => value))}
      labelWidth={190}
      bars={rows.map(([name, value]) => ({ name, value, text: String(value) }))}
    >
      <Rows
        caption="Engagement"
        rows={[
          ...rows.map(([label, value]): [string, string] => [label, String(value)]),
          ...changes,
        ]}
      />
      {changes.length < 3 && (
        <p className="text-small text-ink-muted">
          {changes.length === 0
            ? 'No earlier period to compare with.'
            : 'The rest has no earlier period to compare with.'}
        </p>
      )}
    </Figure>
  );
};

/** The analyzer's scores (0–1) and the share refused, as bars on one scale and as a table. */
export const QualityFigure = ({ item }: { item: SentimentItem }) => {
  const { relevanceAvg, civilityAvg, sincerityAvg, rejectionRate } = item.moderation;
  // Scores only where the analyzer gave some: none is said once, not as rows of 'N/A'.
  const scores = (
    [
      ['Relevance', relevanceAvg],
      ['Civility', civilityAvg],
      ['Sincerity', sincerityAvg],
    ] as const
  ).flatMap(([name, value]): [string, number][] => (value === null ? [] : [[name, value]]));
  return (
    <Figure
      max={1}
      bars={[
        ...scores.map(([name, value]) => ({ name, value, text: value.toFixed(2) })),
        { name: 'Rejection rate', value: rejectionRate / 100, text: percent(rejectionRate) },
      ]}
    >
      <Rows
        caption="Content quality"
        rows={[
          ...scores.map(([name, value]): [string, string] => [name, value.toFixed(2)]),
          ['Rejection rate', percent(rejectionRate)],
        ]}
      />
      {scores.length === 0 && (
        <p className="text-small text-ink-muted">No answer has been scored for quality yet.</p>
      )}
    </Figure>
  );
};
