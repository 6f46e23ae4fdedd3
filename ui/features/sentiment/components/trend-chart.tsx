import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SentimentItem } from '../../../../domain/contracts/sentiment';
import { spectrumText } from '../../../../domain/contracts/spectrum';
import { Card } from '../../../components/ui/card';
import { useReducedMotion } from '../../../lib/motion';

type Day = { date: string; answers: number; spectrum: number | null };

/** One point per day: its answers, and its questions' average spectrum weighted by answers. */
const byDay = (items: readonly SentimentItem[]): Day[] => {
  const days = new Map<string, { answers: number; sum: number; weight: number }>();
  for (const item of items) {
    const day = days.get(item.date) ?? { answers: 0, sum: 0, weight: 0 };
    day.answers += item.responseCount;
    if (item.averageSpectrum !== null) {
      day.sum += item.averageSpectrum * item.responseCount;
      day.weight += item.responseCount;
    }
    days.set(item.date, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, d]) => ({
      date,
      answers: d.answers,
      spectrum: d.weight === 0 ? null : Math.round((d.sum / d.weight) * 10) / 10,
    }));
};

const axis = { fill: 'var(--color-ink-muted)', fontSize: 12 };

/**
 * The range at a glance: answers per day (bars) and the average spectrum (a dashed line with
 * dots), both named in the legend; the same numbers in a table below for screen readers.
 */
export const TrendChart = ({ items }: { items: readonly SentimentItem[] }) => {
  const data = byDay(items);
  // A column of 'N/A' says nothing: without any position in the range it is left out, said once.
  const placed = data.some((day) => day.spectrum !== null);
  const animate = !useReducedMotion();
  return (
    <Card>
      <h2 className="font-semibold text-ink">Trend over the range</h2>
      <div className="mt-3 h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
            <XAxis dataKey="date" tick={axis} tickFormatter={(d: string) => d.slice(5)} />
            <YAxis yAxisId="answers" allowDecimals={false} tick={axis} />
            {placed && (
              <YAxis yAxisId="spectrum" orientation="right" domain={[-100, 100]} tick={axis} />
            )}
            <Tooltip
              contentStyle={{
                background: 'var(--color-surface)',
                border: '1px solid var(--color-line)',
                color: 'var(--color-ink)',
              }}
            />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(name: string) => <span className="text-ink">{name}</span>}
            />
            <Bar
              yAxisId="answers"
              dataKey="answers"
              name="Answers (bars)"
              fill="var(--color-accent-soft)"
              stroke="var(--color-accent)"
              isAnimationActive={animate}
            />
            {/* Nothing placed in the range: no line, no axis, and the legend names only the bars. */}
            {placed && (
              <Line
                yAxisId="spectrum"
                dataKey="spectrum"
                name="Average spectrum (dashed line)"
                stroke="var(--color-ink)"
                strokeDasharray="6 3"
                connectNulls
                dot={{ r: 3 }}
                isAnimationActive={animate}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-small">
          <caption className="sr-only">Trend by day</caption>
          <thead>
            <tr className="text-left text-ink-muted">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 font-medium">
                Answers
              </th>
              {placed && (
                <th scope="col" className="py-1 font-medium">
                  Average spectrum
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.map((day) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="py-1 text-left font-normal">
                  {day.date}
                </th>
                <td className="py-1 tabular-nums">{day.answers}</td>
                {placed && (
                  <td className="py-1">
                    {day.spectrum === null ? 'None placed' : spectrumText(day.spectrum)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {!placed && (
          <p className="mt-2 text-small text-ink-muted">
            No answer in this range was placed on the spectrum.
          </p>
        )}
      </div>
    </Card>
  );
};
