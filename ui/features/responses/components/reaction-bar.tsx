import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { REACTIONS, type ReactionEmoji } from '../../../../domain/contracts/reactions';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { ReactionIcon } from '../../../components/reaction-icon';
import { buttonClass } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useToggleReaction } from '../api/toggle-reaction';

const countText = (count: number, label: string) =>
  `${count} ${label} ${count === 1 ? 'reaction' : 'reactions'}`;

/** How long a touch is held before it names the reaction instead of reacting. */
const LONG_PRESS_MS = 450;
/** How long the word stays after a long press named it. */
const NAMED_MS = 2000;

/**
 * A touch screen has no hover: a long press on a reaction shows its word (and does not react);
 * a tap reacts as before. The mouse and the keyboard see the word on hover and focus (CSS).
 */
const useLongPressNames = () => {
  const [named, setNamed] = useState<ReactionEmoji | null>(null);
  const pressing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  const release = () => clearTimeout(pressing.current);
  useEffect(
    () => () => {
      clearTimeout(pressing.current);
      clearTimeout(showing.current);
    },
    [],
  );
  const press = (emoji: ReactionEmoji) => (event: PointerEvent) => {
    longPressed.current = false;
    release();
    if (event.pointerType === 'mouse') return;
    pressing.current = setTimeout(() => {
      longPressed.current = true;
      setNamed(emoji);
      clearTimeout(showing.current);
      showing.current = setTimeout(() => setNamed(null), NAMED_MS);
    }, LONG_PRESS_MS);
  };
  /** Whether the click that ends a press is the press's own (a long press names, not reacts). */
  const consumedByLongPress = () => {
    const was = longPressed.current;
    longPressed.current = false;
    return was;
  };
  return { named, press, release, consumedByLongPress };
};

/**
 * The six reactions under an answer with their live counts: toggles for others' answers
 * (pressed when they are the reader's), the counts alone on the reader's own.
 */
export const ReactionBar = ({ response }: { response: ResponseDto }) => {
  const { toast } = useToast();
  const toggle = useToggleReaction(response.questionId);
  const { counts, mine } = response.reactions;
  const names = useLongPressNames();

  if (response.isOwn) {
    const received = REACTIONS.filter(({ emoji }) => counts[emoji] > 0);
    if (received.length === 0) return null;
    return (
      <ul aria-label="Reactions to your response" className="mt-3 flex flex-wrap gap-1 text-small">
        {received.map(({ emoji, label }) => (
          <li
            key={emoji}
            className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-ink-muted"
          >
            <ReactionIcon emoji={emoji} />
            <span className="sr-only">{countText(counts[emoji], label)}</span>
            <span aria-hidden="true">
              {label} {counts[emoji]}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  const react = (emoji: ReactionEmoji) =>
    toggle.mutate(
      { response, emoji },
      {
        onError: (error) =>
          toast({
            title: 'Error saving your reaction',
            description: failureText(error),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div role="group" aria-label="Reactions" className="mt-3 flex flex-wrap gap-1">
      {REACTIONS.map(({ emoji, label }) => {
        const pressed = mine.includes(emoji);
        return (
          <span key={emoji} className="group/reaction relative inline-flex">
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={`React with ${label} (${countText(counts[emoji], label)})`}
              onPointerDown={names.press(emoji)}
              onPointerUp={names.release}
              onPointerCancel={names.release}
              onPointerLeave={names.release}
              // A held touch opens no context menu: it is asking what the icon means.
              onContextMenu={(event) => event.preventDefault()}
              onClick={() => {
                if (!names.consumedByLongPress()) react(emoji);
              }}
              className={cx(
                buttonClass(pressed ? 'pressed' : 'ghost', 'xs'),
                'touch-manipulation select-none [-webkit-touch-callout:none]',
              )}
            >
              <ReactionIcon emoji={emoji} />
              <span aria-hidden="true" className="tabular-nums">
                {counts[emoji]}
              </span>
            </button>
            <span
              aria-hidden="true"
              className={cx(
                'pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 -translate-x-1/2 rounded-md bg-ink px-2 py-1 text-small whitespace-nowrap text-canvas shadow-raised',
                names.named === emoji
                  ? 'block'
                  : 'hidden group-hover/reaction:block group-has-[:focus-visible]/reaction:block',
              )}
            >
              {label}
            </span>
          </span>
        );
      })}
    </div>
  );
};
