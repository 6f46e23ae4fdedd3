import { CloudUpload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { Button, buttonClass } from '../../../components/ui/button';
import { EchoIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useEchoUsage } from '../api/get-echo-usage';
import { isEchoLimit, useEchoShown, useToggleEcho } from '../api/toggle-echo';
import { useLatestAnswer } from '../latest-answers';

const PHRASES = [
  'Your echo carries their voice further.',
  'Echo sent: a thought worth repeating.',
  'You amplified a thoughtful voice.',
  'Resonance recorded.',
  'That idea now travels a little further.',
  'Your echo joins the conversation.',
  'A kind nod, heard.',
  'Thoughtfulness, echoed.',
  'You helped a perspective be seen.',
  'Echo received with thanks.',
  'Good ideas deserve an echo.',
  'You lent this view your voice.',
  'Another voice in the chorus.',
  'Your echo has been heard.',
  'Shared wisdom grows louder.',
  'You made this thought ring out.',
  'An echo of agreement, sent.',
  'Perspective amplified.',
];

/**
 * Echo: the count moves at once (never below 0) and moves back if the server says no; made
 * offline, it says it waits and is sent on reconnecting. Whether the caller echoes an answer
 * comes with the list (no request per card), read as the cache holds it now, not as the card
 * was last drawn (useLatestAnswer).
 */
export const EchoButton = ({
  response: drawn,
  questionId,
}: {
  response: ResponseDto;
  questionId: number;
}) => {
  const response = useLatestAnswer(drawn);
  const { toast } = useToast();
  const usage = useEchoUsage();
  const [limitOpen, setLimitOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const echo = useToggleEcho(questionId);
  const shown = useEchoShown(response);
  const echoed = shown.hasEchoed;
  const count = shown.echoCount;
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const toggle = () =>
    echo.mutate(
      { response, echoed: !echoed },
      {
        onError: (error) => {
          if (isEchoLimit(error)) {
            setLimitOpen(true);
            setTimeout(() => setLimitOpen(false), 3000);
            return;
          }
          const message = failureText(error);
          toast({ title: 'Error processing echo', description: message, variant: 'destructive' });
        },
        onSuccess: (result) => {
          if (result.sent && result.body.hasEchoed) {
            toast({
              title: 'Echoed',
              description: PHRASES[Math.floor(Math.random() * PHRASES.length)]!,
              duration: 2500,
            });
          }
        },
      },
    );

  // An echo counts toward the day's limit when given; withdrawing it does not give it back.
  // That is said before the person withdraws, not after.
  const handleEcho = () => (echoed ? setConfirming(true) : toggle());
  const closeConfirm = (withdraw: boolean) => {
    setConfirming(false);
    if (withdraw) toggle();
    requestAnimationFrame(() => button.current?.focus());
  };

  // The limit and the day's start are configuration: said only as the server gave them.
  const limitText = usage.data
    ? `You've used all ${usage.data.dailyLimit} echoes for today. Your echo limit resets tomorrow at ${usage.data.resetsAt}.`
    : "You've used all your echoes for today. Your echo limit resets when the next day starts.";
  if (confirming) {
    const limit = usage.data ? `today’s ${usage.data.dailyLimit}` : 'today’s limit';
    return (
      <div
        role="group"
        aria-labelledby={`withdraw-${response.id}`}
        className="flex basis-full flex-wrap items-center gap-2 rounded-md bg-surface-sunken p-2"
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeConfirm(false);
        }}
      >
        <p id={`withdraw-${response.id}`} className="min-w-48 flex-1 text-small">
          Withdraw your echo? It still counts toward {limit}: a withdrawn echo is not given back.
        </p>
        <Button size="sm" variant="secondary" onClick={() => closeConfirm(true)}>
          Withdraw echo
        </Button>
        <Button ref={keep} size="sm" variant="ghost" onClick={() => closeConfirm(false)}>
          Keep it
        </Button>
      </div>
    );
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={handleEcho}
        disabled={echo.isPending}
        aria-pressed={echoed}
        aria-label={`${echoed ? 'Remove echo from' : 'Echo'} ${response.username}'s response (${count} ${count === 1 ? 'echo' : 'echoes'})${shown.waiting ? ', waiting to be sent' : ''}`}
        className={buttonClass(echoed ? 'pressed' : 'ghost', 'sm')}
      >
        <EchoIcon aria-hidden="true" />
        {count} {count === 1 ? 'echo' : 'echoes'}
        {shown.waiting && (
          <span className="inline-flex items-center gap-1 text-caption text-ink-muted">
            <CloudUpload aria-hidden="true" />
            waiting
          </span>
        )}
      </button>
      {limitOpen && (
        <div
          role="alertdialog"
          aria-labelledby={`limit-${response.id}`}
          className="sheet-up fixed inset-x-4 top-20 z-50 mx-auto max-w-sm rounded-lg border border-line bg-surface p-4 text-ink shadow-overlay"
        >
          <h2 id={`limit-${response.id}`} className="flex items-center gap-2 font-semibold">
            <EchoIcon aria-hidden="true" className="size-5 text-accent-ink" />
            Daily Echo Limit Reached
          </h2>
          <p className="mt-1 text-small text-ink-muted">{limitText}</p>
        </div>
      )}
    </>
  );
};
