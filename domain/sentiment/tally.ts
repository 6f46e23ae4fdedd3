import { noReactions, REACTION_EMOJI, type ReactionCounts } from '../contracts/reactions';
import { spectrumSide } from '../contracts/spectrum';
import type { ProductDay } from '../shared/product-day';

/** A question's text and category, as the day it was asked gave them. */
export type QuestionInfo = { content: string; category: string };

/** Scores in thousandths: whole numbers, so sums are exact in any order and on any machine. */
export type MilliScores = { relevance: number; civility: number; sincerity: number };

/** What one standing answer adds to its question-day's figures. */
export type ResponseShare = {
  questionId: number;
  day: ProductDay;
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

export const newShare = (
  questionId: number,
  day: ProductDay,
  spectrum: number | null,
): ResponseShare => ({
  questionId,
  day,
  spectrum,
  scores: null,
  echoes: 0,
  replies: 0,
  reactions: noReactions(),
});

/** The tally with one answer's share added (`sign` 1) or taken away (−1). */
export const withShare = (tally: Tally, share: ResponseShare, sign: 1 | -1): Tally => {
  const next: Tally = {
    ...tally,
    responses: tally.responses + sign,
    replies: tally.replies + sign * share.replies,
    echoes: tally.echoes + sign * share.echoes,
    reactions: Object.fromEntries(
      REACTION_EMOJI.map((emoji) => [
        emoji,
        (tally.reactions[emoji] ?? 0) + sign * (share.reactions[emoji] ?? 0),
      ]),
    ) as ReactionCounts,
  };
  if (share.spectrum !== null) {
    const side = spectrumSide(share.spectrum);
    next.placed += sign;
    next.spectrumSum += sign * share.spectrum;
    next[side] += sign;
  }
  if (share.scores) {
    next.analyzed += sign;
    next.relevanceSum += sign * share.scores.relevance;
    next.civilitySum += sign * share.scores.civility;
    next.sinceritySum += sign * share.scores.sincerity;
  }
  return next;
};

/** The tally with an answer's share replaced by its new one. */
export const replaceShare = (tally: Tally, before: ResponseShare, after: ResponseShare): Tally =>
  withShare(withShare(tally, before, -1), after, 1);
