/** The spec's streak record. */
export type StreakDto = {
  currentStreak: number;
  longestStreak: number;
  totalResponses: number;
  totalMiniCompleted: number;
  /** Whether today's question is answered (the panel's second variant). */
  answeredToday: boolean;
};

/** The spec's streak message by current streak. */
export const streakMessage = (currentStreak: number): string => {
  if (currentStreak <= 0) return 'Start your journey today!';
  if (currentStreak < 3) return 'Building momentum...';
  if (currentStreak < 7) return 'Great consistency!';
  if (currentStreak < 30) return "You're on fire!";
  return 'Legendary dedication!';
};

export const STREAK_MILESTONES = [3, 7, 14, 30, 60, 100] as const;

/** The first milestone above the current streak, else 30 more days. */
export const nextStreakTarget = (currentStreak: number): number =>
  STREAK_MILESTONES.find((milestone) => milestone > currentStreak) ?? currentStreak + 30;

/** Progress towards the next target in percent, capped at 100. */
export const streakProgress = (currentStreak: number): number =>
  Math.min(100, Math.round((Math.max(0, currentStreak) / nextStreakTarget(currentStreak)) * 100));

/** 'day' only for exactly one. */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const BADGE_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type BadgeRarity = (typeof BADGE_RARITIES)[number];

export type BadgeInfo = { name: string; description: string; rarity: BadgeRarity };

/** The spec's badge entry, with when it was earned. */
export type BadgeDto = { id: string; badge: BadgeInfo; earnedAt: string };

/** The spec's activity summary, for the owner's Profile only. */
export type ActivitySummaryDto = {
  totalResponses: number;
  totalMiniCompleted: number;
  journalEntries: number;
  badgesEarned: number;
  dailyEchoStats: {
    echoesUsed: number;
    dailyLimit: number;
    echoesRemaining: number;
    /** When the next product day starts, as people read it ("3 AM EST"). */
    resetsAt: string;
  };
};
