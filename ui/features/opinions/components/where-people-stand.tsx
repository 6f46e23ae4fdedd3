import { Suspense } from 'react';
import type { OpinionMapDto } from '../../../../domain/contracts/opinions';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyComponent } from '../../../lib/lazy-component';
import { GroupsTable } from './groups-table';
import { notOnMapHint } from './summary';
import { WherePeopleStandCard } from './where-people-stand-card';

// Recharts arrives only for a map there is to draw.
const OpinionScatter = lazyComponent(() => import('./opinion-scatter')).Component;

/** "Where people stand": the summary, the dots, and the same told as a table. */
export const WherePeopleStand = ({ map }: { map: OpinionMapDto }) => (
  <WherePeopleStandCard map={map}>
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
  </WherePeopleStandCard>
);
