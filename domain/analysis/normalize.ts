/**
 * The characters of a text as the civility check reads them, before it looks for words: the
 * disguises that work on characters undone (the ones that work on words, such as digits for
 * letters, stretched letters and letters spelled out, are read by `tokens.ts`).
 *
 * - NFKC: full-width letters, ligatures, mathematical and circled letters become plain ones;
 * - invisible characters are dropped: zero-width spaces and joiners, the soft hyphen, word
 *   joiners, bidi controls, the BOM and other default-ignorable code points, so that
 *   `id\u200Biot` reads as `idiot`;
 * - combining marks are dropped (`i\u0301d\u0301i\u0301o\u0301t`, `crème` → `creme`);
 * - look-alikes are folded into Latin letters (Cyrillic `о` and `а` in `mоrоn`, Greek `ο`):
 *   only in a word whose every letter is Latin or a look-alike, so a word of Russian or Greek
 *   keeps its letters.
 *
 * Pure and deterministic; ASCII text is returned as it is.
 */

// eslint-disable-next-line no-control-regex -- ASCII is the range tested for, controls included
const ASCII = /^[\x00-\x7f]*$/u;

/** Nothing anyone sees: format characters and other default-ignorables, and marks. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const MARKS = /\p{M}/gu;

/**
 * Letters of other scripts drawn like Latin ones (after Unicode's confusables list, the
 * letters a reader takes for Latin at a glance), lower case: the text is lower-cased first.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  с: 'c',
  у: 'y',
  ү: 'y',
  х: 'x',
  ԁ: 'd',
  ԝ: 'w',
  ь: 'b',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin letters outside a-z drawn like them
  ı: 'i',
  ɩ: 'i',
  ɑ: 'a',
  ɡ: 'g',
  ʋ: 'u',
  ſ: 's',
};

const LATIN = /^[a-z]$/u;
const LETTERS = /\p{L}+/gu;

/** A word of Latin letters and look-alikes as Latin; any other word as it stands. */
const foldWord = (word: string): string => {
  const letters = [...word];
  if (letters.every((letter) => LATIN.test(letter))) return word;
  if (!letters.every((letter) => LATIN.test(letter) || letter in LOOK_ALIKES)) return word;
  return letters.map((letter) => LOOK_ALIKES[letter] ?? letter).join('');
};

export const normalizeForScreening = (text: string): string => {
  if (ASCII.test(text)) return text;
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(LETTERS, foldWord);
};
