import type { OpinionGroupId } from '../../../../domain/contracts/opinions';
import { groupStyle } from './group-style';

const paths = {
  circle: <circle cx="6" cy="6" r="5" />,
  square: <rect x="1" y="1" width="10" height="10" />,
  triangle: <path d="M6 0.5 11.5 11 0.5 11Z" />,
  diamond: <path d="M6 0 12 6 6 12 0 6Z" />,
  star: <path d="M6 0 7.6 4.2 12 4.4 8.6 7.2 9.7 11.6 6 9.2 2.3 11.6 3.4 7.2 0 4.4 4.4 4.2Z" />,
  cross: <path d="M1 4h3.5V0.5h3V4H11v3H7.5v4.5h-3V7H1Z" />,
};

/** A group's mark as its dots are drawn (shape and colour), beside its name; decoration only. */
export const GroupMark = ({ group }: { group: OpinionGroupId | null }) => {
  const { colour, shape } = groupStyle(group);
  return (
    <svg
      viewBox="0 0 12 12"
      className="inline-block size-3 shrink-0"
      aria-hidden="true"
      fill={colour}
    >
      {paths[shape]}
    </svg>
  );
};
