import { REACTIONS, type ReactionEmoji } from '../../../../domain/contracts/reactions';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { ReactionIcon } from '../../../components/reaction-icon';
import { buttonClass } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useToggleReaction } from '../api/toggle-reaction';

const countText = (count: number, label: string) =>
  `${count} ${label} ${count === 1 ? 'reaction' : 'reactions'}`;

/**
 * The six reactions under an answer with their live counts: toggles for others' answers
 * (pressed when they are the reader's), the counts alone on the reader's own.
 */
export const ReactionBar = ({ response }: { response: ResponseDto }) => {
  const { toast } = useToast();
  const toggle = useToggleReaction(response.questionId);
  const { counts, mine } = response.reactions;

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
            <span aria-hidden="true">{counts[emoji]}</span>
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
          <button
            key={emoji}
            type="button"
            aria-pressed={pressed}
            aria-label={`React with ${label} (${countText(counts[emoji], label)})`}
            title={label}
            onClick={() => react(emoji)}
            className={buttonClass(pressed ? 'pressed' : 'ghost', 'xs')}
          >
            <ReactionIcon emoji={emoji} />
            <span aria-hidden="true" className="tabular-nums">
              {counts[emoji]}
            </span>
          </button>
        );
      })}
    </div>
  );
};
