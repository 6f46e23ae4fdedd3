import type { ReactNode } from 'react';
import type { OpinionMapDto } from '../../../../domain/contracts/opinions';
import { Card } from '../../../components/ui/card';
import { mapSummary } from './summary';

/**
 * "Where people stand": its heading and the map in one sentence, with what a map there is to
 * draw adds under it. Alone, it is all a map without enough people shows, so it stays out of
 * the map's own chunk (a short discussion never loads that chunk).
 */
export const WherePeopleStandCard = ({
  map,
  children,
}: {
  map: OpinionMapDto;
  children?: ReactNode;
}) => (
  <section aria-labelledby="where-people-stand" className="flex flex-col gap-3">
    <h2 id="where-people-stand" className="text-title font-semibold">
      Where people stand
    </h2>
    <Card className="flex flex-col gap-3">
      <p data-opinion-summary>{mapSummary(map)}</p>
      {children}
    </Card>
  </section>
);
