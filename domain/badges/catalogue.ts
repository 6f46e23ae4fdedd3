import type { BadgeInfo, BadgeRarity } from '../contracts/progress';

/** What badge rules look at: a person's progress, counted from events. */
export type ProgressStats = {
  /** Live answers (a deleted one no longer counts). */
  responses: number;
  /** Consecutive product days answered, the longest run so far. */
  longestStreak: number;
  /** Echoes standing on the person's answers. */
  echoesReceived: number;
  repliesWritten: number;
  journalEntries: number;
  miniJourneys: number;
  /** Contributions of theirs that became a question of the day. */
  contributionsUsed: number;
  /** Different question categories answered. */
  categoriesAnswered: number;
};

export const noProgress: ProgressStats = {
  responses: 0,
  longestStreak: 0,
  echoesReceived: 0,
  repliesWritten: 0,
  journalEntries: 0,
  miniJourneys: 0,
  contributionsUsed: 0,
  categoriesAnswered: 0,
};

export type BadgeDefinition = BadgeInfo & { id: string; earned: (stats: ProgressStats) => boolean };

const badge = (
  id: string,
  name: string,
  rarity: BadgeRarity,
  description: string,
  earned: (stats: ProgressStats) => boolean,
): BadgeDefinition => ({ id, name, rarity, description, earned });

/**
 * Every badge and the rule that earns it. Rules may change; a badge once earned is a fact in
 * the person's badge stream and stays theirs.
 */
export const BADGES: readonly BadgeDefinition[] = [
  badge(
    'first-voice',
    'First Voice',
    'common',
    'Shared your first perspective.',
    (s) => s.responses >= 1,
  ),
  badge(
    'steady-start',
    'Steady Start',
    'common',
    'Answered three days in a row.',
    (s) => s.longestStreak >= 3,
  ),
  badge(
    'first-echo',
    'Heard',
    'common',
    'Someone echoed one of your answers.',
    (s) => s.echoesReceived >= 1,
  ),
  badge(
    'conversation-starter',
    'Conversation Starter',
    'common',
    'Wrote your first reply.',
    (s) => s.repliesWritten >= 1,
  ),
  badge(
    'first-reflection',
    'Quiet Reflection',
    'common',
    'Wrote your first journal entry.',
    (s) => s.journalEntries >= 1,
  ),
  badge(
    'first-journey',
    'Explorer',
    'common',
    'Completed your first Mini journey.',
    (s) => s.miniJourneys >= 1,
  ),
  badge(
    'week-of-wisdom',
    'Week of Wisdom',
    'rare',
    'Answered seven days in a row.',
    (s) => s.longestStreak >= 7,
  ),
  badge(
    'resonant',
    'Resonant',
    'rare',
    'Your answers received 10 echoes.',
    (s) => s.echoesReceived >= 10,
  ),
  badge('good-company', 'Good Company', 'rare', 'Wrote 10 replies.', (s) => s.repliesWritten >= 10),
  badge(
    'journal-keeper',
    'Journal Keeper',
    'rare',
    'Wrote 10 journal entries.',
    (s) => s.journalEntries >= 10,
  ),
  badge(
    'wide-reader',
    'Wide Reader',
    'rare',
    'Answered questions in four categories.',
    (s) => s.categoriesAnswered >= 4,
  ),
  badge(
    'pathfinder',
    'Pathfinder',
    'rare',
    'Completed five Mini journeys.',
    (s) => s.miniJourneys >= 5,
  ),
  badge(
    'month-of-meaning',
    'Month of Meaning',
    'epic',
    'Answered thirty days in a row.',
    (s) => s.longestStreak >= 30,
  ),
  badge(
    'community-voice',
    'Community Voice',
    'epic',
    'A question you contributed became a question of the day.',
    (s) => s.contributionsUsed >= 1,
  ),
  badge(
    'widely-heard',
    'Widely Heard',
    'epic',
    'Your answers received 50 echoes.',
    (s) => s.echoesReceived >= 50,
  ),
  badge(
    'dedicated-voice',
    'Dedicated Voice',
    'epic',
    'Shared 50 perspectives.',
    (s) => s.responses >= 50,
  ),
  badge(
    'centurion',
    'Centurion',
    'legendary',
    'Answered one hundred days in a row.',
    (s) => s.longestStreak >= 100,
  ),
  badge('sage', 'Sage', 'legendary', 'Shared 365 perspectives.', (s) => s.responses >= 365),
];

const byId = new Map(BADGES.map((definition) => [definition.id, definition]));

export const badgeById = (id: string): BadgeDefinition | null => byId.get(id) ?? null;

/** Badges the stats earn that are not among `held`. */
export const newlyEarned = (stats: ProgressStats, held: ReadonlySet<string>): BadgeDefinition[] =>
  BADGES.filter((definition) => !held.has(definition.id) && definition.earned(stats));
