import { Bar, BarChart, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useReducedMotion } from '../../../lib/motion';

/** One bar: its length, and its name and figure written on the axis beside it. */
export type FigureBar = { name: string; value: number; text: string; fill?: string };

const tick = { fill: 'var(--color-ink)', fontSize: 12 };
const rowHeight = 28;

/**
 * Horizontal bars, each with its name and figure on the axis (a zero still reads), so colour is
 * never the only cue. Hidden from assistive tech: the table beside it carries the same numbers.
 */
export const FigureBars = ({
  bars,
  max,
  labelWidth = 140,
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
          data={bars.map((bar) => ({ ...bar, axis: `${bar.name}: ${bar.text}` }))}
          layout="vertical"
          margin={{ top: 4, right: 8, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <XAxis type="number" domain={[0, max]} hide />
          <YAxis
            type="category"
            dataKey="axis"
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
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
};
