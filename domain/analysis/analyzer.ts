import { judgeCivility, type CivilityJudgement } from './civility';
import { scoreRelevance } from './relevance';
import { scoreSincerity } from './sincerity';

/**
 * The local analyzer: deterministic (the same text and question always give the same scores),
 * no network, no model. Its version is recorded with every analysis: changing any rule or
 * word list above means a new version, so figures replayed from the log never change under
 * an analysis already recorded.
 */
export const ANALYZER_VERSION = 'local-3';

export type AnalysisScores = { relevance: number; civility: number; sincerity: number };

export type AnalysisInput = {
  text: string;
  question: { content: string; category: string };
  /** Another answer to the same question has the same words. */
  isCopy: boolean;
};

export const analyzeResponse = ({ text, question, isCopy }: AnalysisInput): AnalysisScores => ({
  relevance: scoreRelevance(text, question.content, question.category),
  civility: judgeCivility(text).civility,
  sincerity: scoreSincerity(text, isCopy),
});

/** The check before an answer or a reply is accepted: is it abusive, and why. */
export const screenText = (text: string): CivilityJudgement => judgeCivility(text);
