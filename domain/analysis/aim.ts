import { COPULAS, LINKERS, NEGATIONS, RELATIVE_SUBJECTS, TARGETS, TARGETS_AFTER } from './lexicon';
import { phraseSet } from './phrases';
import type { Token } from './tokens';

const targets = phraseSet(TARGETS);
const targetsAfter = phraseSet(TARGETS_AFTER);
const relativeSubjects = phraseSet(RELATIVE_SUBJECTS);

/** Whether a negation stands in the few words before `at`, within its clause. */
const negatedBefore = (tokens: readonly Token[], at: number) => {
  for (let k = at - 1; k >= 0 && k >= at - 4; k--) {
    if (tokens[k + 1]!.clauseStart) return false;
    if (NEGATIONS.has(tokens[k]!.text)) return true;
  }
  return false;
};

export type Span = { first: number; last: number; noun: boolean };

/**
 * Is the insult (or profanity) at `span` aimed at someone taking part: the reader ("you
 * idiot", "you're such a moron", "fuck you", "fuck off"), or a group of them ("you are all
 * idiots", "people like you", "everyone here is a moron", "idiots, all of you", "anyone who
 * agrees is an idiot")? Only linking words (and other insults) may stand between whom it names
 * and the insult: "if you feel stupid" and "you are not stupid" are aimed at no one, and so is
 * "I'd never call you an idiot".
 */
export const isAimed = (
  tokens: readonly Token[],
  span: Span,
  isFinding: (index: number) => boolean,
): boolean => {
  const after = span.last + 1;
  if (after < tokens.length && !tokens[after]!.sentenceStart) {
    const length = targetsAfter.startingAt(tokens, after);
    // One word ("you", "off") only right after it, and "off" only after an order ("fuck
    // off", never "pissed off"); a group also past a comma.
    const order = !/(?:ed|ing|in)$/u.test(tokens[span.last]!.text);
    const word = length === 1 && !tokens[after]!.clauseStart;
    if (length > 1 || (word && (order || tokens[after]!.text !== 'off'))) return true;
  }
  let passedCopula = false;
  for (let m = span.first - 1; m >= 0 && span.first - m <= 12; m--) {
    if (tokens[m + 1]!.sentenceStart) break;
    const target = targets.endingAt(tokens, m);
    if (target > 0) return !negatedBefore(tokens, m - target + 1);
    const word = tokens[m]!.text;
    if (COPULAS.has(word)) passedCopula = true;
    if (!LINKERS.has(word) && !isFinding(m)) break;
  }
  return passedCopula && span.noun && hasRelativeSubject(tokens, span.first);
};

/** "Anyone who …", "whoever …" earlier in the sentence: the subject an insult may be aimed at. */
const hasRelativeSubject = (tokens: readonly Token[], before: number) => {
  for (let k = before - 1; k >= 0; k--) {
    if (relativeSubjects.startingAt(tokens, k) > 0) return true;
    if (tokens[k]!.sentenceStart) return false;
  }
  return false;
};

/** Words that may open an order to the reader: "just go die", "you should kill yourself". */
const ORDER_OPENERS = new Set(
  `go just please pls plz and then now lol so srsly seriously honestly why dont you u ya yall
   should must need to better can could ought gonna all`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether the words at `at` are an order: at the start of a sentence or clause, after openers. */
export const isOrder = (tokens: readonly Token[], at: number) => {
  for (let k = at; k >= 0; k--) {
    if (tokens[k]!.clauseStart) return true;
    if (!ORDER_OPENERS.has(tokens[k - 1]?.text ?? '')) return false;
  }
  return true;
};
