import { noReactions, REACTION_EMOJI, type ReactionCounts } from '../contracts/reactions';
import { spectrumSide } from '../contracts/spectrum';
import type { ProductDay } from '../shared/product-day';

/** A question's text and category, as the day it was asked gave them. */
export type QuestionInfo = { content: string; category: string };

/** Scores in thousandths: whole numbers, so sums are exact in any order and on any machine. */
export type MilliScores = { relevance: number; civility: number; sincerity: number };

/** What one standing answer adds to its question-day's figures, and whose it is (for erasure). */
export type ResponseShare = {
  questionId: number;
  day: ProductDay;
  authorId: string;
  spectrum: number | null;
  scores: MilliScores | null;
  echoes: number;
  replies: number;
  reactions: ReactionCounts;
};

/**
 * The running sums of one question on one product day: every figure the dashboard shows is
 * computed from these (see figures.ts), never stored.
 */
export type Tally = {
  questionId: number;
  day: ProductDay;
  questionContent: string;
  category: string;
  responses: number;
  placed: number;
  spectrumSum: number;
  left: number;
  center: number;
  right: number;
  analyzed: number;
  relevanceSum: number;
  civilitySum: number;
  sinceritySum: number;
  replies: number;
  echoes: number;
  reactions: ReactionCounts;
  /** Answers and replies refused as abusive. */
  rejections: number;
};

export const tallyKey = (questionId: number, day: ProductDay) => `${questionId}:${day}`;

export const emptyTally = (
  questionId: number,
  day: ProductDay,
  question: QuestionInfo | undefined,
): Tally => ({
  questionId,
  day,
  questionContent: question?.content ?? '',
  category: question?.category ?? '',
  responses: 0,
  placed: 0,
  spectrumSum: 0,
  left: 0,
  center: 0,
  right: 0,
  analyzed: 0,
  relevanceSum: 0,
  civilitySum: 0,
  sinceritySum: 0,
  replies: 0,
  echoes: 0,
  reactions: noReactions(),
  rejections: 0,
});

/** A new answer's reactions: none. Shared by every new share, as no step changes a share's own. */
const NO_REACTIONS: Readonly<ReactionCounts> = Object.freeze(noReactions());

export const newShare = (
  questionId: number,
  day: ProductDay,
  authorId: string,
  spectrum: number | null,
): ResponseShare => ({
  questionId,
  day,
  authorId,
  spectrum,
  scores: null,
  echoes: 0,
  replies: 0,
  reactions: NO_REACTIONS,
});

/** Places (`sign` 1) or takes back (−1) one spectrum position in `next`, a copy of this step. */
const placeSpectrum = (next: Tally, spectrum: number | null, sign: 1 | -1) => {
  if (spectrum === null) return;
  next.placed += sign;
  next.spectrumSum += sign * spectrum;
  next[spectrumSide(spectrum)] += sign;
};

/** Adds (`sign` 1) or takes back (−1) one answer's scores in `next`, a copy of this step. */
const addScores = (next: Tally, scores: MilliScores | null, sign: 1 | -1) => {
  if (!scores) return;
  next.analyzed += sign;
  next.relevanceSum += sign * scores.relevance;
  next.civilitySum += sign * scores.civility;
  next.sinceritySum += sign * scores.sincerity;
};

/** `sign` × one answer's reactions added to the tally's, as new counts. */
const addReactions = (
  counts: ReactionCounts,
  share: ReactionCounts,
  sign: 1 | -1,
  minus?: ReactionCounts,
): ReactionCounts => {
  const next = { ...counts };
  for (const emoji of REACTION_EMOJI) {
    next[emoji] = (next[emoji] ?? 0) + sign * ((share[emoji] ?? 0) - (minus?.[emoji] ?? 0));
  }
  return next;
};

/** The tally with one answer's share added (`sign` 1) or taken away (−1). */
export const withShare = (tally: Tally, share: ResponseShare, sign: 1 | -1): Tally => {
  const next: Tally = {
    ...tally,
    responses: tally.responses + sign,
    replies: tally.replies + sign * share.replies,
    echoes: tally.echoes + sign * share.echoes,
    // A new answer has no reactions: its share keeps the shared empty counts, and the tally's
    // stay as they are (counts are replaced, never changed in place).
    reactions:
      share.reactions === NO_REACTIONS
        ? tally.reactions
        : addReactions(tally.reactions, share.reactions, sign),
  };
  placeSpectrum(next, share.spectrum, sign);
  addScores(next, share.scores, sign);
  return next;
};

/**
 * The tally with an answer's share replaced by its new one. A replay runs this for most events
 * of the log, so it touches only what changed (shares are replaced, never changed in place).
 */
export const replaceShare = (tally: Tally, before: ResponseShare, after: ResponseShare): Tally => {
  const next: Tally = {
    ...tally,
    replies: tally.replies + after.replies - before.replies,
    echoes: tally.echoes + after.echoes - before.echoes,
  };
  if (before.reactions !== after.reactions) {
    next.reactions = addReactions(tally.reactions, after.reactions, 1, before.reactions);
  }
  if (before.spectrum !== after.spectrum) {
    placeSpectrum(next, before.spectrum, -1);
    placeSpectrum(next, after.spectrum, 1);
  }
  if (before.scores !== after.scores) {
    addScores(next, before.scores, -1);
    addScores(next, after.scores, 1);
  }
  return next;
};
