import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ArchetypeDto } from '../../../domain/contracts/mini';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { EmptyState } from '../../components/ui/empty-state';
import { isUnreachable } from '../../lib/registration';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { useArchetype } from './api/archetype';
import { useCurrentDilemma } from './api/current-dilemma';
import { useFellowTravelers } from './api/fellow-travelers';
import { ArchetypeDetails } from './components/archetype-details';
import { ShareJourney } from './components/share-journey';
import { TravelersChat } from './components/travelers-chat';
import { AccountNeeded, useSessionState } from './session-gate';
import { useResetWithToast } from './use-reset-with-toast';

/** 'N fellow traveler shares' / 'N fellow travelers share', then 'your path today'. */
export const fellowshipText = (count: number) =>
  `${count} ${count === 1 ? 'fellow traveler shares' : 'fellow travelers share'} your path today`;

const Fellowship = ({ archetypeId }: { archetypeId: string }) => {
  const dilemma = useCurrentDilemma(true);
  const fellows = useFellowTravelers(dilemma.data?.id, archetypeId);
  if (fellows.data === undefined) return null;
  return <p className="mt-6 text-ink-muted">{fellowshipText(fellows.data)}</p>;
};

const FellowTravelers = ({ archetypeId }: { archetypeId: string }) => {
  const dilemma = useCurrentDilemma(true);
  if (!dilemma.data) return null;
  return <TravelersChat dilemmaId={dilemma.data.id} archetypeId={archetypeId} />;
};

const YourPath = ({ archetype }: { archetype: ArchetypeDto }) => {
  const navigate = useNavigate();
  const reset = useResetWithToast();
  return (
    <Card tone="raised" padding="lg">
      <ArchetypeDetails archetype={archetype} />
      <Fellowship archetypeId={archetype.id} />
      <div className="mt-8 flex flex-wrap gap-2">
        <ButtonLink to="/home" variant="secondary">
          Return Home
        </ButtonLink>
        <ConfirmDialog
          trigger={<Button variant="secondary">Begin Anew</Button>}
          title="Begin anew?"
          description="Today’s result will be cleared and you will walk the dilemma again."
          confirmLabel="Begin Anew"
          onConfirm={() => void reset().then((done) => done && navigate('/mini'))}
        />
        <ShareJourney archetype={archetype} />
      </div>
    </Card>
  );
};

const ResultPage = () => {
  const signedIn = useSessionState();
  const { archetypeId = '' } = useParams();
  const archetype = useArchetype(archetypeId, signedIn === true);
  const [tab, setTab] = useState<'path' | 'fellows'>('path');

  if (signedIn === undefined) return null;
  if (!signedIn) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader eyebrow="Mini" title="Your Archetype" />
        <AccountNeeded />
      </div>
    );
  }
  if (archetype.isPending) {
    return (
      <div role="status" className="mx-auto max-w-2xl">
        <span className="sr-only">Loading your archetype…</span>
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (archetype.isError && isUnreachable(archetype.error)) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader eyebrow="Mini" title="Your Archetype" />
        <LoadFailed what="Your archetype" query={archetype} />
      </div>
    );
  }
  if (!archetype.data) {
    return (
      <EmptyState
        title="Result Not Found"
        level={1}
        action={<ButtonLink to="/mini">Return to Mini</ButtonLink>}
      >
        <p>This archetype does not exist.</p>
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader eyebrow="Journey Complete" title="Your Archetype" />
      <Tabs
        label="Your result"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'path', label: 'Your Path', content: <YourPath archetype={archetype.data} /> },
          {
            key: 'fellows',
            label: 'Fellow Travelers',
            content: <FellowTravelers archetypeId={archetype.data.id} />,
          },
        ]}
      />
    </div>
  );
};

export default ResultPage;
