import { useState } from 'react';
import type { ArchetypeDto } from '../../../domain/contracts/mini';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadFailed } from '../../components/load-failed';
import { EmptyState } from '../../components/ui/empty-state';
import { isUnreachable } from '../../lib/registration';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useNarrative } from './api/narrative';
import { useNarrativeResult } from './api/narrative-result';
import { ArchetypeDetails } from './components/archetype-details';
import { AccountNeeded, useSessionState } from './session-gate';

/** The spec's legacy progress: depth × 33.33 %, capped at 100. */
const legacyProgress = (depth: number) => Math.min(100, depth * 33.33);

/** The narrative journey: one prompt at a time, then the archetype the path leads to. */
const LegacyPage = () => {
  const signedIn = useSessionState();
  const narrative = useNarrative(signedIn === true);
  const finish = useNarrativeResult();
  const { toast } = useToast();
  const [promptId, setPromptId] = useState<string | null>(null);
  const [choiceIds, setChoiceIds] = useState<string[]>([]);
  const [archetype, setArchetype] = useState<ArchetypeDto | null>(null);

  const startOver = () => {
    setPromptId(null);
    setChoiceIds([]);
    setArchetype(null);
  };

  const body = () => {
    if (narrative.isPending) return <p role="status">Loading today's ethical journey...</p>;
    if (narrative.isError && isUnreachable(narrative.error)) {
      return <LoadFailed what="Today’s journey" query={narrative} />;
    }
    if (!narrative.data) {
      return (
        <EmptyState
          title="No dilemma available today."
          level={2}
          action={<ButtonLink to="/home">Return Home</ButtonLink>}
        />
      );
    }
    if (archetype) {
      return (
        <Card tone="raised" padding="lg">
          <ArchetypeDetails archetype={archetype} />
          <Button variant="secondary" className="mt-8" onClick={startOver}>
            Start Over
          </Button>
        </Card>
      );
    }
    const prompt = narrative.data.fullNarrative[promptId ?? narrative.data.initialPrompt];
    if (!prompt) return null;
    const choose = async (choice: { id: string; nextPromptId: string | null }) => {
      const path = [...choiceIds, choice.id];
      setChoiceIds(path);
      if (choice.nextPromptId) {
        setPromptId(choice.nextPromptId);
        return;
      }
      try {
        setArchetype((await finish.mutateAsync(path)).archetype);
      } catch (error) {
        setChoiceIds(choiceIds);
        toast({
          title: 'Failed to determine your archetype.',
          ...(error instanceof ApiError ? { description: error.detail } : {}),
          variant: 'destructive',
        });
      }
    };
    const progress = legacyProgress(prompt.depth);
    return (
      <Card tone="raised" padding="lg">
        <div className="flex justify-between text-small text-ink-muted">
          <span>Question {prompt.depth}</span>
          <span>{choiceIds.length} choices made</span>
        </div>
        <div
          role="progressbar"
          aria-label="Journey progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-surface-sunken"
        >
          <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
        </div>
        <h2 className="mt-6 font-serif text-title font-semibold">{prompt.title}</h2>
        <p className="mt-3 leading-relaxed">{prompt.scenario}</p>
        {prompt.context && <p className="mt-3 text-ink-muted">{prompt.context}</p>}
        <ul className="mt-6 flex flex-col gap-3" aria-label="Your options">
          {prompt.choices.map((choice) => (
            <li key={choice.id}>
              <Button
                variant="secondary"
                wrap
                className="w-full py-3"
                disabled={finish.isPending}
                onClick={() => void choose(choice)}
              >
                {choice.label}
              </Button>
            </li>
          ))}
        </ul>
        {choiceIds.length > 0 && (
          <Button variant="ghost" className="mt-6" onClick={startOver}>
            Start Over
          </Button>
        )}
      </Card>
    );
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader eyebrow="Mini" title="Today’s Ethical Journey" />
      {signedIn === false ? <AccountNeeded /> : signedIn && body()}
    </div>
  );
};

export default LegacyPage;
