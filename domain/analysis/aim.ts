import { COPULAS, LINKERS, NEGATIONS, RELATIVE_SUBJECTS, TARGETS, TARGETS_AFTER } from './lexicon';
import { phraseSet, type Phrase } from './phrases';
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

/** Whom a threat names: the reader, or a group of those taking part. */
const threatTargets = phraseSet([
  ['you', 'all'],
  ['all', 'of', 'you'],
  ['you', 'guys'],
  ['you', 'people'],
  ['everyone', 'here'],
  ['each', 'of', 'you'],
  ['every', 'one', 'of', 'you'],
  ['every', 'single', 'one', 'of', 'you'],
  ['you'],
  ['u'],
  ['ya'],
  ['yall'],
]);

/** Threats that are threats wherever they stand, with `T` for whom they name. */
const THREATS: readonly Phrase[] = [
  ['kys'],
  ['hope', 'T', 'die'],
  ['hope', 'T', 'dies'],
  ['hope', 'T', 'all', 'die'],
  ['T', 'should', 'die'],
  ['T', 'should', 'all', 'die'],
  ['T', 'deserve', 'to', 'die'],
];

/** Threats only when they are an order ("Is it right to kill yourself?" is a question). */
const ORDERS: readonly Phrase[] = [
  ['kill', 'yourself'],
  ['kill', 'urself'],
  ['kill', 'yourselves'],
  ['go', 'die'],
  ['die', 'in', 'a', 'fire'],
  ['drop', 'dead'],
  ['neck', 'yourself'],
];

/** Verbs of harm that say nothing else ("beat you at chess", "shoot you a message" do). */
type PatternIndex = ReadonlyMap<string, readonly Phrase[]>;

const byFirstWord = (patterns: readonly Phrase[]): PatternIndex => {
  const index = new Map<string, Phrase[]>();
  for (const pattern of patterns)
    index.set(pattern[0]!, [...(index.get(pattern[0]!) ?? []), pattern]);
  return index;
};
const threats = byFirstWord(THREATS);
const orders = byFirstWord(ORDERS);

const VIOLENCE = new Set(['kill', 'hurt', 'stab', 'murder', 'strangle']);
const INTENT = new Set(['will', 'ill', 'gonna', 'going', 'wanna', 'want', 'imma', 'ima', 'shall']);
const FIRST_PERSON = new Set(['i', 'ill', 'im', 'imma', 'ima', 'we', 'well']);

/** The length of the threat pattern (with `T` for a target) at `at`, or 0. */
const patternAt = (tokens: readonly Token[], at: number, pattern: Phrase): number => {
  let k = at;
  for (const word of pattern) {
    if (k >= tokens.length || (k > at && tokens[k]!.sentenceStart)) return 0;
    if (word === 'T') {
      const length = threatTargets.startingAt(tokens, k);
      if (length === 0) return 0;
      k += length;
    } else if (tokens[k]!.text === word) k++;
    else return 0;
  }
  return k - at;
};

/**
 * Whether a threat starts at `at`: one in so many words ("kys", "I hope you die"), an order
 * ("go die", "kill yourself"), or someone saying they will harm the reader ("I will find you
 * and hurt you"; never "I would never hurt you" or "I hurt you, I'm sorry").
 */
export const isThreatAt = (tokens: readonly Token[], at: number): boolean => {
  const word = tokens[at]!.text;
  const found = (patterns: PatternIndex) =>
    (patterns.get(word) ?? []).some((pattern) => patternAt(tokens, at, pattern) > 0) ||
    (threatTargets.startingAt(tokens, at) > 0 &&
      (patterns.get('T') ?? []).some((pattern) => patternAt(tokens, at, pattern) > 0));
  if (found(threats) || (found(orders) && isOrder(tokens, at))) return true;
  if (!VIOLENCE.has(word) || threatTargets.startingAt(tokens, at + 1) === 0) {
    return false;
  }
  let intent = false;
  let speaker = false;
  for (let k = at - 1; k >= 0 && at - k <= 10; k--) {
    const word = tokens[k]!.text;
    if (NEGATIONS.has(word)) return false;
    intent ||= INTENT.has(word);
    speaker ||= FIRST_PERSON.has(word);
    if (tokens[k]!.sentenceStart) break;
  }
  return intent && speaker;
};
