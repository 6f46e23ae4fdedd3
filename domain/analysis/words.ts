/** Word-level helpers the analyzer's scores share: tokens, a light stemmer, and stop words. */

/** Lower-case words (letters and digits, apostrophes dropped), in order. */
export const tokens = (text: string): string[] =>
  (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}’']+/gu) ?? []
  )
    .map((word) => word.replace(/[’']/g, ''))
    .filter((word) => word.length > 0);

const SUFFIXES = [
  'ations',
  'ation',
  'ments',
  'ment',
  'nesses',
  'ness',
  'ities',
  'ity',
  'ings',
  'ing',
  'ies',
  'ied',
  'ed',
  'es',
  'ly',
  's',
  'e',
];

/** Cuts one common English suffix, keeping at least four letters: promise, promises, promising → promis. */
export const stem = (word: string): string => {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
};

/** Words that carry no topic: a question's terms are what remains. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can cannot could did do does doing down during each ever every
  few for from further had has have having he her here hers herself him himself his how i if in
  into is it its itself just let me more most much must my myself no nor not now of off on once
  only or other ought our ours ourselves out over own really same shall she should so some such
  than that the their theirs them themselves then there these they this those through to too under
  until up upon us very was we were what when where whether which while who whom whose why will
  with within without would yes yet you your yours yourself yourselves im ive id youre theyre dont
  doesnt didnt isnt arent wasnt cant wont think thing things way ways something someone anyone
  everyone people person`
    .split(/\s+/)
    .filter(Boolean),
);

/** The distinct stems of a text's topic words. */
export const termsOf = (text: string): Set<string> =>
  new Set(
    tokens(text)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
      .map(stem),
  );

/** Rounds a score to three decimals, the precision every recorded score has. */
export const score = (value: number): number =>
  Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
