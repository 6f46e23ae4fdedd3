import { Suspense } from 'react';
import type { OpinionMapDto } from '../../../../domain/contracts/opinions';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyComponent } from '../../../lib/lazy-component';
import { GroupsTable } from './groups-table';
import { mapSummary, notOnMapHint } from './summary';

// Recharts arrives only for a map there is to draw.
const OpinionScatter = lazyComponent(() => import('./opinion-scatter')).Component;

/** "Where people stand": the summary, the dots, and the same told as a table. */
export const WherePeopleStand = ({ map }: { map: OpinionMapDto }) => (
  <section aria-labelledby="where-people-stand" className="flex flex-col gap-3">
    <h2 id="where-people-stand" className="text-title font-semibold">
      Where people stand
    </h2>
    <Card className="flex flex-col gap-3">
      <p data-opinion-summary>{mapSummary(map)}</p>
      {map.status === 'ready' && (
        <>
          {!map.you && <p className="text-small text-ink-muted">{notOnMapHint}</p>}
          <Suspense fallback={<Skeleton className="h-72 w-full sm:h-80" />}>
            <OpinionScatter map={map} />
          </Suspense>
          <p className="text-small text-ink-muted">
            Each dot is one person, placed by the answers they echoed; people close together echoed
            alike. No one is named.
          </p>
          <GroupsTable map={map} />
        </>
      )}
    </Card>
  </section>
);
