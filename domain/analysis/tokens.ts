import { plainLetter, stretched, wordReader } from './spelling';

/** A word as the civility check reads it, with where it stands in the text. */
export type Token = {
  /** Lower case, NFKC, apostrophes dropped (`you're` → `youre`); stand-ins for letters kept. */
  text: string;
  start: number;
  end: number;
  /** A sentence ends between the word before and this one (. ! ? ; : or a line break). */
  sentenceStart: boolean;
  /** A clause ends between the word before and this one (a comma, a dash, a bracket, a quote). */
  clauseStart: boolean;
};

/** Letters, digits, and what stands in for letters (`a$$`, `sh!t`, `f***`, `@ss`). */
const WORD = /[\p{L}\p{N}\p{M}@$*!|+'’]+/gu;
const LEADING = /^[!|+*'’]+/u;
const TRAILING = /[!|+'’]+$/u;
const SENTENCE_END = /[.!?;:\n]/u;
// eslint-disable-next-line no-control-regex -- ASCII is the range tested for, controls included
const ASCII = /^[\x00-\x7f]*$/u;
const CLAUSE_END = /[,()\-–—"“”]/u;
/** What may stand between the letters of a word spelled out: `f u c k`, `f.u.c.k`, `f-u-c-k`. */
const SPELLING_GAP = /^[ \t.\-_*~·/\\|]{1,3}$/u;
/** A stand-in for the word `a` on its own: `u r 4 m0r0n`. */
const LONE_A = /^[4@]$/u;
/** Stand-ins for letters, or a letter stretched: a word that may be a known one disguised. */
const DISGUISED = /[0-9@$!|+*]|(\p{L})\1\1/u;

const rawTokens = (text: string): Token[] => {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const lead = raw.match(LEADING)?.[0].length ?? 0;
    const trimmed = raw.slice(lead).replace(TRAILING, '');
    if (!trimmed) continue;
    const start = match.index + lead;
    const end = start + trimmed.length;
    const gap = text.slice(previousEnd, start);
    const sentenceStart = tokens.length === 0 || SENTENCE_END.test(gap);
    tokens.push({
      text: (ASCII.test(trimmed) ? trimmed : trimmed.normalize('NFKC'))
        .toLowerCase()
        .replace(/['’]/gu, ''),
      start,
      end,
      sentenceStart,
      clauseStart: sentenceStart || CLAUSE_END.test(gap),
    });
    previousEnd = end;
  }
  return tokens.filter((token) => token.text.length > 0);
};

/** One character alone (a letter, or a stand-in for one). */
const isLetter = (token: Token) =>
  token.text.length === 1 || (token.text.length === 2 && [...token.text].length === 1);

/**
 * Splits letters spelled out one by one into words: every piece a word the check knows
 * (`youareanidiot` → you are an idiot), fewest pieces first; null when they do not split so
 * (`class`, `assess`: an ordinary word spelled out stays one word).
 */
const splitter = (vocabulary: readonly string[]) => {
  const patterns = vocabulary.map((word) => new RegExp(stretched(word), 'uy'));
  return (letters: string): string[] | null => {
    const best: (string[] | null)[] = [[]];
    for (let at = 0; at < letters.length; at++) {
      const before = best[at];
      if (!before) continue;
      vocabulary.forEach((word, i) => {
        const pattern = patterns[i]!;
        pattern.lastIndex = at;
        if (!pattern.test(letters)) return;
        const next = pattern.lastIndex;
        const known = best[next];
        if (!known || known.length > before.length + 1) best[next] = [...before, word];
      });
    }
    return best[letters.length] ?? null;
  };
};

/**
 * The words of a text in order. Letters spelled out one by one (three or more) are read as
 * the words they spell (`f u c k you all` → fuck you all); each such word spans the letters.
 */
export const tokenizer = (vocabulary: readonly string[]) => {
  const split = splitter(vocabulary);
  const read = wordReader(vocabulary.map((word) => ({ word })));
  /** A disguised word (`y0u`, `k1ll`, `yooou`, `f*ck`, `4` for `a`) as the known word it reads as. */
  const plain = (token: Token): Token => {
    if (LONE_A.test(token.text)) return { ...token, text: 'a' };
    if (!DISGUISED.test(token.text)) return token;
    const known = read(token.text);
    return known ? { ...token, text: known.word } : token;
  };
  return (text: string): Token[] => {
    const tokens = rawTokens(text).map(plain);
    const result: Token[] = [];
    for (let i = 0; i < tokens.length;) {
      let j = i;
      while (
        j + 1 < tokens.length &&
        isLetter(tokens[j]!) &&
        isLetter(tokens[j + 1]!) &&
        SPELLING_GAP.test(text.slice(tokens[j]!.end, tokens[j + 1]!.start))
      ) {
        j++;
      }
      if (j - i >= 2) {
        const first = tokens[i]!;
        const span = { start: first.start, end: tokens[j]!.end };
        const letters = tokens
          .slice(i, j + 1)
          .map((token) => plainLetter(token.text))
          .join('');
        const words = split(letters) ?? [letters];
        words.forEach((word, n) =>
          result.push({
            text: word,
            ...span,
            sentenceStart: n === 0 && first.sentenceStart,
            clauseStart: n === 0 && first.clauseStart,
          }),
        );
        i = j + 1;
      } else {
        result.push(tokens[i]!);
        i++;
      }
    }
    return result;
  };
};
