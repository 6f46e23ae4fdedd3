import { useState } from 'react';
import {
  days,
  nextStreakTarget,
  streakMessage,
  streakProgress,
} from '../../../../domain/contracts/progress';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useBadges } from '../api/badges';
import { useStreak } from '../api/streak';

const rarityTone = {
  common: 'neutral',
  rare: 'accent',
  epic: 'caution',
  legendary: 'success',
} as const;

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <div className="rounded-md bg-surface-sunken p-3 text-center">
    <p className="text-headline font-semibold">{value}</p>
    <p className="text-small text-ink-muted">{label}</p>
  </div>
);

/** The spec's three streak panels: start, today done, and the full panel with achievements. */
export const StreakPanel = ({ todaysQuestionId }: { todaysQuestionId: number | null }) => {
  const streak = useStreak();
  const badges = useBadges();
  const [showBadges, setShowBadges] = useState(false);
  if (!streak.data) return <SkeletonCard lines={3} />;
  const s = streak.data;

  if (s.currentStreak === 0 && s.longestStreak === 0) {
    return s.answeredToday ? (
      <Card aria-labelledby="streak-title">
        <h2 id="streak-title" className="font-serif text-title">
          Today's Question Complete
        </h2>
        <p className="mt-1 text-ink-muted">Your streak starts with today's answer.</p>
        <ButtonLink to={`/responses/${todaysQuestionId ?? 1}`} className="mt-4">
          View Community Responses
        </ButtonLink>
      </Card>
    ) : (
      <Card aria-labelledby="streak-title">
        <h2 id="streak-title" className="font-serif text-title">
          Start Your Streak
        </h2>
        <p className="mt-1 text-ink-muted">{streakMessage(0)}</p>
        <ButtonLink to="/" className="mt-4">
          Answer Today's Question
        </ButtonLink>
      </Card>
    );
  }

  const target = nextStreakTarget(s.currentStreak);
  const progress = streakProgress(s.currentStreak);
  const list = badges.data ?? [];
  return (
    <Card aria-labelledby="streak-title">
      <h2 id="streak-title" className="font-serif text-title">
        {days(s.currentStreak)} streak
      </h2>
      <p className="mt-1 text-ink-muted">{streakMessage(s.currentStreak)}</p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Current streak" value={s.currentStreak} />
        <Stat label="Longest streak" value={s.longestStreak} />
        <Stat label="Total responses" value={s.totalResponses} />
        <Stat label="Journeys" value={s.totalMiniCompleted} />
      </div>
      <div className="mt-4">
        <p className="text-small text-ink-muted" id="streak-progress">
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
      </div>
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="text-body font-semibold">Achievements ({list.length})</h3>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showBadges}
          aria-controls="achievements"
          onClick={() => setShowBadges((shown) => !shown)}
        >
          {showBadges ? 'Hide' : 'Show'}
        </Button>
      </div>
      {showBadges && (
        <ul id="achievements" className="mt-2 grid gap-2" aria-label="Achievements">
          {list.length === 0 && <li className="text-ink-muted">No badges yet.</li>}
          {list.map((held) => (
            <li key={held.id} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{held.badge.name}</span>
              <Badge tone={rarityTone[held.badge.rarity]}>{held.badge.rarity}</Badge>
              <span className="text-small text-ink-muted">{held.badge.description}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
