import type { Token } from './tokens';

/** Words several tokens long; `*` stands for any one word. */
export type Phrase = readonly string[];

const fits = (tokens: readonly Token[], at: number, phrase: Phrase) =>
  at >= 0 &&
  at + phrase.length <= tokens.length &&
  phrase.every(
    (word, k) =>
      (word === '*' || tokens[at + k]!.text === word) &&
      (k === 0 || !tokens[at + k]!.sentenceStart),
  );

const indexBy = (phrases: readonly Phrase[], word: (phrase: Phrase) => string) => {
  const index = new Map<string, Phrase[]>();
  for (const phrase of phrases) {
    const key = word(phrase);
    index.set(key, [...(index.get(key) ?? []), phrase]);
  }
  return index;
};

const longest = (
  tokens: readonly Token[],
  candidates: readonly Phrase[],
  startOf: (phrase: Phrase) => number,
  best = 0,
) => {
  for (const phrase of candidates) {
    if (phrase.length > best && fits(tokens, startOf(phrase), phrase)) best = phrase.length;
  }
  return best;
};

const NONE: readonly Phrase[] = [];

/**
 * A set of phrases found in a sentence's words: the longest starting or ending at a word, by
 * its length (0: none). Indexed by first and last word, so a look costs the same however
 * long the list.
 */
export const phraseSet = (phrases: readonly Phrase[]) => {
  const byFirst = indexBy(phrases, (phrase) => phrase[0]!);
  const byLast = indexBy(phrases, (phrase) => phrase.at(-1)!);
  const anyLast = byLast.get('*') ?? NONE;
  return {
    phrases,
    startingAt: (tokens: readonly Token[], at: number): number =>
      at < tokens.length ? longest(tokens, byFirst.get(tokens[at]!.text) ?? NONE, () => at) : 0,
    endingAt: (tokens: readonly Token[], end: number): number => {
      if (end < 0) return 0;
      const startOf = (phrase: Phrase) => end - phrase.length + 1;
      const named = longest(tokens, byLast.get(tokens[end]!.text) ?? NONE, startOf);
      return longest(tokens, anyLast, startOf, named);
    },
  };
};

export type PhraseSet = ReturnType<typeof phraseSet>;
