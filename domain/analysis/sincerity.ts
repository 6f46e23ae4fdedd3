import { countWords } from '../shared/words';
import { score, tokens } from './words';

/**
 * Sincerity: does the answer read as a person's own considered words? A short answer can be
 * sincere; what lowers the score is too little to say anything (under three words), the same
 * word or phrase over and over, stretched letters, shouting, and a copy of another answer to
 * the same question.
 */

const lengthFactor = (words: number) => (words < 3 ? 0.3 : words < 6 ? 0.85 : 1);

/** Distinct words per word, for texts long enough to judge; repeated bigrams count too. */
const repetitionFactor = (words: string[]) => {
  if (words.length < 6) return 1;
  const distinct = new Set(words).size / words.length;
  const pairs = words.slice(1).map((word, i) => `${words[i]} ${word}`);
  const distinctPairs = new Set(pairs).size / pairs.length;
  const variety = Math.min(distinct * 1.6, distinctPairs * 1.25, 1);
  return variety < 0.3 ? 0.2 : variety < 0.6 ? 0.6 : variety < 0.85 ? 0.9 : 1;
};

const stretchFactor = (text: string) =>
  /(\p{L})\1{3,}/u.test(text) || /[!?]{3,}/.test(text) ? 0.85 : 1;

const shoutingFactor = (text: string) => {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 12) return 1;
  const upper = letters.filter((c) => c !== c.toLowerCase()).length / letters.length;
  return upper > 0.7 ? 0.6 : upper > 0.4 ? 0.85 : 1;
};

/** A copy of an answer someone else gave to the same question. */
export const COPY_FACTOR = 0.2;

export const scoreSincerity = (text: string, isCopy: boolean): number =>
  score(
    lengthFactor(countWords(text)) *
      repetitionFactor(tokens(text)) *
      stretchFactor(text) *
      shoutingFactor(text) *
      (isCopy ? COPY_FACTOR : 1),
  );
