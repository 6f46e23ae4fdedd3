import { Award } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  days,
  nextStreakTarget,
  streakMessage,
  streakProgress,
  type BadgeDto,
  type BadgeRarity,
  type StreakDto,
} from '../../domain/contracts/progress';
import { Badge, type BadgeTone } from './ui/badge';
import { StreakIcon } from './ui/icons';

const rarityTone: Record<BadgeRarity, BadgeTone> = {
  common: 'neutral',
  rare: 'accent',
  epic: 'caution',
  legendary: 'success',
};

/** The streak, large: the day count, the spec's message, and the way to the next milestone. */
export const StreakFigure = ({
  streak,
  headingLevel = 2,
  children,
}: {
  streak: StreakDto;
  headingLevel?: 2 | 3;
  /** What follows the figure (an action, the longest streak). */
  children?: ReactNode;
}) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const target = nextStreakTarget(streak.currentStreak);
  const progress = streakProgress(streak.currentStreak);
  return (
    <div className="flex items-start gap-4">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-caution-soft text-caution-ink">
        <StreakIcon aria-hidden="true" className="size-7" />
      </span>
      <div className="min-w-0 flex-1">
        <Heading id="streak-title" className="font-serif text-headline font-semibold">
          {days(streak.currentStreak)} streak
        </Heading>
        <p className="text-ink-muted">{streakMessage(streak.currentStreak)}</p>
        <p className="mt-3 text-small text-ink-muted" id="streak-progress">
          Next milestone: {days(target)}
        </p>
        <div
          role="progressbar"
          aria-labelledby="streak-progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-1 h-2 overflow-hidden rounded-full bg-surface-sunken"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${progress}%` }} />
        </div>
        {children}
      </div>
    </div>
  );
};

/** Every badge the person holds, in view: its name, rarity and what earned it. */
export const EarnedBadges = ({
  badges,
  label = 'Your badges',
}: {
  badges: readonly BadgeDto[];
  label?: string;
}) => (
  <section aria-label={label}>
    {badges.length === 0 ? (
      <p className="flex items-center gap-2 text-small text-ink-muted">
        <Award aria-hidden="true" className="size-4" />
        No badges yet: your first comes with your first answer.
      </p>
    ) : (
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-2" aria-label={label}>
        {badges.map((held) => (
          <li
            key={held.id}
            className="flex min-w-0 items-start gap-2 rounded-md border border-line bg-surface px-3 py-2"
          >
            <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-ink" />
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold break-words">{held.badge.name}</span>
                <Badge tone={rarityTone[held.badge.rarity]}>{held.badge.rarity}</Badge>
              </span>
              <span className="block text-small text-ink-muted">{held.badge.description}</span>
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);
