import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useReducedMotion } from './reduced-motion';

/** One bar: its name on the axis, its length, and the text written at its end. */
export type FigureBar = { name: string; value: number; text: string; fill?: string };

const tick = { fill: 'var(--color-ink-muted)', fontSize: 12 };
const rowHeight = 28;

/**
 * Horizontal bars, each named on the axis and labelled with its figure, so colour is never the
 * only cue. Hidden from assistive tech: the table beside it carries the same numbers.
 */
export const FigureBars = ({
  bars,
  max,
  labelWidth = 96,
}: {
  bars: readonly FigureBar[];
  max: number;
  labelWidth?: number;
}) => {
  const animate = !useReducedMotion();
  return (
    <div className="w-full" style={{ height: bars.length * rowHeight + 8 }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={bars}
          layout="vertical"
          margin={{ top: 4, right: 44, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <XAxis type="number" domain={[0, max]} hide />
          <YAxis
            type="category"
            dataKey="name"
            width={labelWidth}
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-line-strong)' }}
            interval={0}
          />
          <Bar
            dataKey="value"
            fill="var(--color-accent-soft)"
            stroke="var(--color-accent)"
            barSize={16}
            isAnimationActive={animate}
          >
            {bars.map((bar) => (
              <Cell key={bar.name} fill={bar.fill ?? 'var(--color-accent-soft)'} />
            ))}
            <LabelList dataKey="text" position="right" fill="var(--color-ink)" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
};
