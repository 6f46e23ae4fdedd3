import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  autoAdvances,
  endsJourney,
  parseChoiceContent,
  parseDilemmaContent,
  type ChoiceDto,
  type DilemmaDto,
} from '../../../../domain/contracts/mini';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useNextChoices } from '../api/next-choices';
import { useSaveResult } from '../api/save-result';
import { pause, useJourneyTimings } from '../timings';

const Options = ({
  step,
  onChoose,
  disabled,
}: {
  step: { dilemmaId: string } | { choiceId: string };
  onChoose: (choice: ChoiceDto) => void;
  disabled: boolean;
}) => {
  const timings = useJourneyTimings();
  const choices = useNextChoices(step);
  const lone = choices.data && autoAdvances(choices.data) ? choices.data[0]! : null;
  const latest = useRef(onChoose);
  useEffect(() => {
    latest.current = onChoose;
  });
  useEffect(() => {
    if (!lone || disabled) return;
    const timer = setTimeout(() => latest.current(lone), timings.autoAdvanceMs);
    return () => clearTimeout(timer);
  }, [lone, disabled, timings.autoAdvanceMs]);

  if (choices.isPending) return <Skeleton className="h-24 w-full" />;
  if (!choices.data) return <p role="alert">The options could not be loaded. Please try again.</p>;
  return (
    <>
      <p className="mt-6 font-medium" aria-live="polite">
        {lone ? 'Your journey continues...' : 'What will you do next?'}
      </p>
      <ul className="mt-3 flex flex-col gap-3" aria-label="Your options">
        {choices.data.map((choice) => (
          <li key={choice.id}>
            <Button
              variant="secondary"
              wrap
              className="w-full py-3"
              disabled={disabled}
              onClick={() => onChoose(choice)}
            >
              {parseChoiceContent(choice.content).label}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
};

/** What a step says: the dilemma itself first, then each chosen branch's follow-up. */
const StepText = ({ dilemma, chosen }: { dilemma: DilemmaDto; chosen: ChoiceDto | null }) => {
  if (!chosen) {
    const { prompt, options } = parseDilemmaContent(dilemma.content);
    return (
      <>
        <p className="font-serif text-title leading-relaxed">{prompt}</p>
        {options && <p className="mt-4 text-ink-muted">{options}</p>}
      </>
    );
  }
  const parts = parseChoiceContent(chosen.content);
  return (
    <>
      <p className="text-small text-ink-muted">You chose: {parts.label}</p>
      {parts.followUp && (
        <p className="mt-3 font-serif text-title leading-relaxed">{parts.followUp}</p>
      )}
      {parts.newOptions && <p className="mt-4 text-ink-muted">{parts.newOptions}</p>}
    </>
  );
};

/**
 * Walking today's dilemma: options appear after the intro, each choice fades to the next
 * step, a lone next step goes on by itself, and the end saves the path (the server decides
 * the archetype), fades to white and opens the result.
 */
export const Journey = ({ dilemma }: { dilemma: DilemmaDto }) => {
  const timings = useJourneyTimings();
  const navigate = useNavigate();
  const { toast } = useToast();
  const save = useSaveResult();
  const [history, setHistory] = useState<ChoiceDto[]>([]);
  const [introDone, setIntroDone] = useState(timings.introMs === 0);
  const [visible, setVisible] = useState(true);
  const [ending, setEnding] = useState<'analyzing' | 'white' | null>(null);
  const busy = useRef(false);
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (introDone) return;
    const timer = setTimeout(() => setIntroDone(true), timings.introMs);
    return () => clearTimeout(timer);
  }, [introDone, timings.introMs]);

  const fadeTo = async (change: () => void) => {
    setVisible(false);
    await pause(timings.fadeMs);
    change();
    setVisible(true);
    heading.current?.focus();
  };

  const finish = async (path: ChoiceDto[]) => {
    setEnding('analyzing');
    try {
      const [saved] = await Promise.all([
        save.mutateAsync({ dilemmaId: dilemma.id, path: path.map((c) => c.id) }),
        pause(timings.pauseMs),
      ]);
      setEnding('white');
      await pause(timings.whiteFadeMs);
      navigate(`/mini/result/${encodeURIComponent(saved.archetypeId)}`);
    } catch (error) {
      setEnding(null);
      toast({
        title: 'Failed to save your journey result',
        ...(error instanceof ApiError ? { description: error.detail } : {}),
        variant: 'destructive',
      });
    }
  };

  const choose = async (choice: ChoiceDto) => {
    if (busy.current) return;
    busy.current = true;
    const path = [...history, choice];
    if (endsJourney(choice)) await finish(path);
    else await fadeTo(() => setHistory(path));
    busy.current = false;
  };

  const back = async () => {
    if (busy.current) return;
    busy.current = true;
    await fadeTo(() => setHistory((h) => h.slice(0, -1)));
    busy.current = false;
  };

  const chosen = history.at(-1) ?? null;
  if (ending) {
    return (
      <>
        <Card tone="raised" padding="lg" role="status">
          <p className="font-serif text-title">Journey complete. Analyzing your choices...</p>
        </Card>
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-50 bg-white transition-opacity ease-in"
          style={{
            opacity: ending === 'white' ? 1 : 0,
            transitionDuration: `${timings.whiteFadeMs}ms`,
          }}
        />
      </>
    );
  }
  return (
    <Card tone="raised" padding="lg">
      <div
        ref={heading}
        tabIndex={-1}
        className="transition-opacity outline-none"
        style={{ opacity: visible ? 1 : 0, transitionDuration: `${timings.fadeMs}ms` }}
      >
        <StepText dilemma={dilemma} chosen={chosen} />
        {introDone && (
          <Options
            key={chosen?.id ?? dilemma.id}
            step={chosen ? { choiceId: chosen.id } : { dilemmaId: dilemma.id }}
            onChoose={(choice) => void choose(choice)}
            disabled={!visible || save.isPending}
          />
        )}
      </div>
      {history.length > 0 && (
        <Button variant="ghost" className="mt-6" onClick={() => void back()}>
          Go back to previous step
        </Button>
      )}
    </Card>
  );
};
