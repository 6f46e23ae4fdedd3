import { BookOpen, MessagesSquare } from 'lucide-react';
import { ButtonLink, Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { EmptyState } from '../../components/ui/empty-state';
import { isUnreachable } from '../../lib/registration';
import { LinkCard } from '../../components/ui/link-card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentDilemma } from './api/current-dilemma';
import { useTodayResult } from './api/today-result';
import { Journey } from './components/journey';
import { AccountNeeded, useSessionState } from './session-gate';
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
  const signedIn = useSessionState();
  const dilemma = useCurrentDilemma(signedIn === true);
  const result = useTodayResult(dilemma.data?.id);

  const walking =
    signedIn === true && Boolean(dilemma.data) && result.isSuccess && !result.data?.archetypeId;
  const body = () => {
    if (dilemma.isPending || (dilemma.data && result.isPending)) {
      return (
        <div role="status">
          <span className="sr-only">Loading today’s dilemma…</span>
          <Skeleton className="h-64 w-full" />
        </div>
      );
    }
    if (dilemma.isError && isUnreachable(dilemma.error)) {
      return <LoadFailed what="Today’s dilemma" query={dilemma} />;
    }
    if (result.isError && isUnreachable(result.error)) {
      return <LoadFailed what="Your journey today" query={result} />;
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
          // Only someone walking today's journey has one to leave.
          walking && (
            <ButtonLink to="/home" variant="ghost">
              Exit Journey
            </ButtonLink>
          )
        }
      />
      {signedIn === false ? <AccountNeeded /> : signedIn && body()}
      <section aria-labelledby="more-mini" className="mt-10">
        <h2 id="more-mini" className="mb-3 font-serif text-title font-semibold">
          More from Mini
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <LinkCard
            to="/mini-chat"
            title="Live chat"
            text="Talk with whoever is reflecting right now."
            Icon={MessagesSquare}
          />
          <LinkCard
            to="/mini-legacy"
            title="Story mode"
            text="Today’s journey told as a narrative, one scene at a time."
            Icon={BookOpen}
          />
        </div>
      </section>
    </div>
  );
};

export default MiniPage;
