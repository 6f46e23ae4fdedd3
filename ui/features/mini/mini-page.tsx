import { ButtonLink, Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentDilemma } from './api/current-dilemma';
import { useTodayResult } from './api/today-result';
import { Journey } from './components/journey';
import { useRequireSession } from './session-gate';
import { useResetWithToast } from './use-reset-with-toast';

const AlreadyDone = ({ archetypeId }: { archetypeId: string }) => {
  const reset = useResetWithToast();
  return (
    <EmptyState
      title="You've already completed today's journey."
      level={2}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to={`/mini/result/${encodeURIComponent(archetypeId)}`}>
            View My Archetype
          </ButtonLink>
          <ConfirmDialog
            trigger={<Button variant="secondary">Reset &amp; Retry</Button>}
            title="Reset today’s result?"
            description="Your archetype for today will be cleared and you can walk the journey again."
            confirmLabel="Reset & Retry"
            onConfirm={() => void reset()}
          />
        </div>
      }
    />
  );
};

const MiniPage = () => {
  const signedIn = useRequireSession();
  const dilemma = useCurrentDilemma(signedIn);
  const result = useTodayResult(dilemma.data?.id);

  const body = () => {
    if (dilemma.isPending || (dilemma.data && result.isPending)) {
      return (
        <div role="status">
          <span className="sr-only">Loading today’s dilemma…</span>
          <Skeleton className="h-64 w-full" />
        </div>
      );
    }
    if (!dilemma.data) {
      return (
        <EmptyState
          title="No active dilemma found. Please check back later."
          level={2}
          action={<ButtonLink to="/home">Return Home</ButtonLink>}
        />
      );
    }
    if (result.data?.archetypeId) return <AlreadyDone archetypeId={result.data.archetypeId} />;
    return <Journey key={dilemma.data.id} dilemma={dilemma.data} />;
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        eyebrow="Mini"
        title="Today’s Dilemma"
        actions={
          <ButtonLink to="/home" variant="ghost">
            Exit Journey
          </ButtonLink>
        }
      />
      {signedIn && body()}
    </div>
  );
};

export default MiniPage;
