/**
 * The six reactions an answer can receive, each with the word a screen reader says for it.
 * The set is fixed: the sentiment figures count each one, and a new one would be a new version.
 */
export const REACTIONS = [
  { emoji: '💡', label: 'Insightful' },
  { emoji: '🤔', label: 'Thought-provoking' },
  { emoji: '❤️', label: 'Moving' },
  { emoji: '👏', label: 'Well said' },
  { emoji: '🙏', label: 'Thank you' },
  { emoji: '😮', label: 'Surprising' },
] as const;

export type ReactionEmoji = (typeof REACTIONS)[number]['emoji'];

export const REACTION_EMOJI = REACTIONS.map((r) => r.emoji) as [ReactionEmoji, ...ReactionEmoji[]];

export const reactionLabel = (emoji: ReactionEmoji): string =>
  REACTIONS.find((r) => r.emoji === emoji)!.label;

/** A count for every reaction, zero included. */
export type ReactionCounts = Record<ReactionEmoji, number>;

export const noReactions = (): ReactionCounts =>
  Object.fromEntries(REACTION_EMOJI.map((emoji) => [emoji, 0])) as ReactionCounts;

export type { ToggleReactionBody } from './schemas/reactions';

/** An answer's reactions as one reader sees them: the counts, and which ones are theirs. */
export type ReactionSummaryDto = { counts: ReactionCounts; mine: ReactionEmoji[] };

export type ToggleReactionResult = {
  position: string | null;
  /** Whether the caller now has this reaction on the answer. */
  reacted: boolean;
  emoji: ReactionEmoji;
};
