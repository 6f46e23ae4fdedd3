import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BadgeDto } from '../../../../domain/contracts/progress';
import { EarnedBadges, StreakFigure } from '../../../components/streak-hero';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReducedMotion } from '../../../lib/motion';
import {
  announcedBadgesAtom,
  badgesQuery,
  celebratingAtom,
  streakQuery,
} from '../../../lib/progress';

/** The spec's 3 s celebration, counted from when the streak it shows is on screen. */
const CELEBRATION_MS = 3000;

/** Badges the answer earned: the reactor awards them just after it, so they are asked for again. */
const useNewBadges = (baseline: ReadonlySet<string> | null) => {
  const badges = useQuery({ ...badgesQuery, refetchInterval: 500, enabled: baseline !== null });
  const fresh: BadgeDto[] = (badges.data ?? []).filter((held) => !baseline?.has(held.id));
  const announce = useSetAtom(announcedBadgesAtom);
  const freshIds = fresh.map((held) => held.id).join(' ');
  useEffect(() => {
    if (!freshIds) return;
    announce((known) => new Set([...known, ...freshIds.split(' ')]));
  }, [freshIds, announce]);
  return fresh;
};

/**
 * The moment after sharing: in view (the page scrolls to it, focus moves to it), it says the
 * answer is in, the streak day it extended, and any badge it earned; then the discussion opens.
 * It replaces the success toast, which used to cover the question on a phone.
 */
export const Celebration = ({ questionId }: { questionId: number }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reducedMotion = useReducedMotion();
  const box = useRef<HTMLElement>(null);
  // What was held before this answer: the cache the badge toasts keep (none known: none shown).
  const [baseline] = useState(() => {
    const held = queryClient.getQueryData(badgesQuery.queryKey);
    return held ? new Set(held.map((badge) => badge.id)) : null;
  });
  const streak = useQuery({ ...streakQuery, staleTime: 0 });
  const newBadges = useNewBadges(baseline);
  const setCelebrating = useSetAtom(celebratingAtom);
  const shown = streak.data !== undefined || streak.isError;

  useEffect(() => {
    setCelebrating(true);
    box.current?.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
    box.current?.focus({ preventScroll: true });
    return () => setCelebrating(false);
  }, [setCelebrating, reducedMotion]);

  const discussion = `/responses/${questionId}`;
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => navigate(discussion), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [shown, navigate, discussion]);

  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="celebration-title"
      className="scroll-mt-4 rounded-lg bg-success-soft p-5 outline-none sm:p-6"
    >
      <h2
        id="celebration-title"
        className="flex items-center gap-2 font-serif text-title font-semibold"
      >
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success-ink" />
        Response Submitted!
      </h2>
      <p className="mt-1">
        Thank you for sharing your perspective. Your voice has been added to the conversation.
      </p>
      <div className="mt-5 rounded-lg bg-surface p-4" aria-live="polite">
        {streak.data ? (
          <StreakFigure streak={streak.data} headingLevel={3} />
        ) : (
          !streak.isError && <Skeleton className="h-20 w-full" />
        )}
      </div>
      {newBadges.length > 0 && (
        <div className="mt-4" aria-live="polite">
          <h3 className="mb-2 font-semibold">
            {newBadges.length === 1 ? 'Badge earned' : 'Badges earned'}
          </h3>
          <EarnedBadges badges={newBadges} label="Badges this answer earned" />
        </div>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <p className="text-small text-ink-muted">Taking you to the community’s responses…</p>
        <Button size="sm" variant="secondary" onClick={() => navigate(discussion)}>
          See the discussion now
        </Button>
      </div>
    </section>
  );
};
