import { describe, expect, it } from 'vitest';
import { badgesDecider, type AwardBadge } from '../../domain/badges/badges';
import { BADGES, noProgress } from '../../domain/badges/catalogue';
import type { BadgeEvent } from '../../domain/badges/events';
import { BADGE_RARITIES } from '../../domain/contracts/progress';
import { specFor } from '../support/given-when-then';

const given = specFor(badgesDecider);
const at = new Date('2026-11-22T15:00:00Z');
const award = (badgeId: string): AwardBadge => ({
  type: 'AwardBadge',
  personId: 'ann',
  badgeId,
  causationId: 'event-7',
  at,
});
const earned = (badgeId: string): BadgeEvent => ({
  type: 'BadgeEarned',
  data: { personId: 'ann', badgeId, causationId: 'event-7', at: at.toISOString() },
});

describe('AwardBadge', () => {
  it('awards a badge the person does not hold', () => {
    given([])
      .when(award('first-voice'))
      .then([earned('first-voice')]);
  });

  it('changes nothing when the badge is asked for again (replays, restarts, two projectors)', () => {
    given([earned('first-voice')])
      .when(award('first-voice'))
      .thenNothing();
  });

  it('refuses a badge that is not in the catalogue', () => {
    given([]).when(award('made-up')).thenFails('invalid');
  });
});

describe('the badge catalogue', () => {
  it('has at least 12 badges over every rarity, with unique ids', () => {
    expect(BADGES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(BADGES.length);
    for (const rarity of BADGE_RARITIES) {
      expect(BADGES.some((b) => b.rarity === rarity)).toBe(true);
    }
  });

  it('earns nothing without progress, and each streak badge at its length', () => {
    expect(BADGES.filter((b) => b.earned(noProgress))).toEqual([]);
    const byStreak = (longestStreak: number) =>
      BADGES.filter((b) => b.earned({ ...noProgress, longestStreak })).map((b) => b.id);
    expect(byStreak(2)).toEqual([]);
    expect(byStreak(3)).toEqual(['steady-start']);
    expect(byStreak(7)).toEqual(['steady-start', 'week-of-wisdom']);
    expect(byStreak(30)).toContain('month-of-meaning');
    expect(byStreak(99)).not.toContain('centurion');
    expect(byStreak(100)).toContain('centurion');
  });

  it('earns Community Voice when a contributed question is used, and Explorer with a Mini journey', () => {
    const ids = (stats: Partial<typeof noProgress>) =>
      BADGES.filter((b) => b.earned({ ...noProgress, ...stats })).map((b) => b.id);
    expect(ids({ contributionsUsed: 1 })).toEqual(['community-voice']);
    expect(ids({ miniJourneys: 1 })).toEqual(['first-journey']);
    expect(ids({ journalEntries: 1 })).toEqual(['first-reflection']);
  });
});
