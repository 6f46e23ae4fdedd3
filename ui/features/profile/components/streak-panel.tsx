import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  days,
  streakMessage,
  type BadgeDto,
  type StreakDto,
} from '../../../../domain/contracts/progress';
import { LoadFailed } from '../../../components/load-failed';
import { EarnedBadges, StreakFigure } from '../../../components/streak-hero';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { badgesQuery, streakQuery } from '../../../lib/progress';

/** The spec's first two variants: no streak yet, today's answer given or not. */
const NoStreakYet = ({
  answeredToday,
  todaysQuestionId,
}: {
  answeredToday: boolean;
  todaysQuestionId: number | null;
}) =>
  answeredToday ? (
    <>
      <h2 id="streak-title" className="font-serif text-headline font-semibold">
        Today's Question Complete
      </h2>
      <p className="mt-1 text-ink-muted">Your streak starts with today's answer.</p>
      {todaysQuestionId !== null && (
        <ButtonLink to={`/responses/${todaysQuestionId}`} className="mt-4">
          View Community Responses
        </ButtonLink>
      )}
    </>
  ) : (
    <>
      <h2 id="streak-title" className="font-serif text-headline font-semibold">
        Start Your Streak
      </h2>
      <p className="mt-1 text-ink-muted">{streakMessage(0)}</p>
      <ButtonLink to="/home" className="mt-4">
        Answer Today's Question
      </ButtonLink>
    </>
  );

/**
 * The spec's collapsible achievements list, Show/Hide. Open when the page opens: what a person
 * earned is in view (a reward is for seeing), and Hide folds it away for the rest of the visit.
 */
const Achievements = ({
  earned,
  failed,
}: {
  earned: readonly BadgeDto[];
  failed: Parameters<typeof LoadFailed>[0]['query'] | null;
}) => {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const collapsible = failed === null && earned.length > 0;
  return (
    <div className="mt-6 border-t border-line pt-4">
      <div className="flex min-h-9 items-center justify-between gap-3">
        <h3 className="font-semibold">Badges earned ({earned.length})</h3>
        {collapsible && (
          <Button
            variant="ghost-accent"
            size="sm"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Show'}
          </Button>
        )}
      </div>
      {failed ? (
        <div className="mt-3">
          <LoadFailed what="Your badges" query={failed} />
        </div>
      ) : (
        <div id={listId} hidden={!open} className="mt-3">
          <EarnedBadges badges={earned} />
        </div>
      )}
    </div>
  );
};

/**
 * The streak in the hero place of the profile (the spec's progress widget, first thing under
 * the name), with the badges earned below it, in view until Hide.
 */
export const StreakPanel = ({ todaysQuestionId }: { todaysQuestionId: number | null }) => {
  const streak = useQuery(streakQuery);
  const badges = useQuery(badgesQuery);
  if (streak.isError) return <LoadFailed what="Your streak" query={streak} />;
  if (!streak.data) return <SkeletonCard lines={3} />;
  const s: StreakDto = streak.data;
  const earned = badges.data ?? [];
  return (
    <Card as="section" aria-labelledby="streak-title" padding="lg" className="mb-6">
      {s.currentStreak === 0 && s.longestStreak === 0 ? (
        <NoStreakYet answeredToday={s.answeredToday} todaysQuestionId={todaysQuestionId} />
      ) : (
        <StreakFigure streak={s}>
          <p className="mt-3 text-small text-ink-muted">Longest streak: {days(s.longestStreak)}</p>
          {!s.answeredToday && (
            <ButtonLink to="/home" size="sm" className="mt-4">
              Answer today’s question to keep it
            </ButtonLink>
          )}
        </StreakFigure>
      )}
      <Achievements earned={earned} failed={badges.isError ? badges : null} />
    </Card>
  );
};

const Stat = ({ label, value }: { label: string; value: number }) => (
  <div className="rounded-md bg-surface-sunken p-3 text-center">
    <p className="text-headline font-semibold">{value}</p>
    <p className="text-small text-ink-muted">{label}</p>
  </div>
);

/** The Progress tab's numbers: the streak's and the answers'. */
export const ProgressNumbers = () => {
  const streak = useQuery(streakQuery);
  if (!streak.data) return null;
  const s = streak.data;
  return (
    <Card aria-labelledby="progress-numbers">
      <h2 id="progress-numbers" className="font-serif text-title">
        Your progress
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Current streak" value={s.currentStreak} />
        <Stat label="Longest streak" value={s.longestStreak} />
        <Stat label="Total responses" value={s.totalResponses} />
        <Stat label="Journeys" value={s.totalMiniCompleted} />
      </div>
    </Card>
  );
};
