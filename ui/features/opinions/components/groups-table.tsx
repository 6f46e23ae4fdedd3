import type { OpinionMapDto } from '../../../../domain/contracts/opinions';
import { GroupMark } from './group-mark';

/** The scatter's content for screen readers and keyboards: each group, its people, and you. */
export const GroupsTable = ({ map }: { map: OpinionMapDto }) => {
  const ungrouped = map.points.filter((point) => point.group === null).length;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-small">
        <caption className="sr-only">Groups on the map</caption>
        <thead>
          <tr className="text-left text-ink-muted">
            <th scope="col" className="py-1 font-medium">
              Group
            </th>
            <th scope="col" className="py-1 font-medium">
              People
            </th>
            <th scope="col" className="py-1 font-medium">
              You
            </th>
          </tr>
        </thead>
        <tbody>
          {map.groups.map((group) => (
            <tr key={group.id} className="border-t border-line">
              <th scope="row" className="py-1 text-left font-normal">
                <span className="inline-flex items-center gap-2">
                  <GroupMark group={group.id} />
                  Group {group.id}
                </span>
              </th>
              <td className="py-1 tabular-nums">{group.size}</td>
              <td className="py-1">{map.you?.group === group.id ? 'Closest to you' : ''}</td>
            </tr>
          ))}
          {ungrouped > 0 && (
            <tr className="border-t border-line">
              <th scope="row" className="py-1 text-left font-normal">
                <span className="inline-flex items-center gap-2">
                  <GroupMark group={null} />
                  In no group (groups under 5 are not shown)
                </span>
              </th>
              <td className="py-1 tabular-nums">{ungrouped}</td>
              <td className="py-1" />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
};
