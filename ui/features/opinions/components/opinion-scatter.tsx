import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import {
  OPINION_GROUP_IDS,
  type OpinionMapDto,
  type OpinionPointDto,
} from '../../../../domain/contracts/opinions';
import { useReducedMotion } from '../../../lib/motion';
import { groupStyle } from './group-style';

/** The caller's own dot: a ring around their place, named. */
const YouMark = ({ cx, cy }: { cx?: number; cy?: number }) =>
  cx === undefined || cy === undefined ? null : (
    <g>
      <circle cx={cx} cy={cy} r={10} fill="none" stroke="var(--color-ink)" strokeWidth={2.5} />
      <text
        x={cx}
        y={cy - 15}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill="var(--color-ink)"
      >
        You
      </text>
    </g>
  );

/**
 * Everyone on the map as an anonymous dot, its group told by colour and shape, the caller's
 * own ringed. Hidden from assistive technology: the table and the summary beside it say the
 * same. The axes are the map's two directions of disagreement, with no units to read.
 */
const OpinionScatter = ({ map }: { map: OpinionMapDto }) => {
  const animate = !useReducedMotion();
  const series = [...OPINION_GROUP_IDS, null].map((group) => ({
    group,
    points: map.points.filter((p: OpinionPointDto) => p.group === group),
  }));
  return (
    <div className="h-72 w-full sm:h-80" aria-hidden="true" data-opinion-scatter>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart
          margin={{ top: 24, right: 16, bottom: 8, left: 16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
          <XAxis type="number" dataKey="x" hide domain={['dataMin - 0.5', 'dataMax + 0.5']} />
          <YAxis type="number" dataKey="y" hide domain={['dataMin - 0.5', 'dataMax + 0.5']} />
          <ZAxis range={[42, 42]} />
          {series
            .filter(({ points }) => points.length > 0)
            .map(({ group, points }) => (
              <Scatter
                key={group ?? 'none'}
                data={points}
                fill={groupStyle(group).colour}
                shape={groupStyle(group).shape}
                isAnimationActive={animate}
              />
            ))}
          {map.you && <Scatter data={[map.you]} shape={<YouMark />} isAnimationActive={false} />}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
};

export default OpinionScatter;
