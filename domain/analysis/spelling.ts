/**
 * How a word is read however it is disguised: leetspeak (`id10t`, `a$$`, `sh!t`), stretched
 * letters (`stuuuupid`), stars for letters (`f***`, `c*nt`). A written word matches a known
 * word as a whole, never inside another (`assess` holds no `ass`, `Scunthorpe` no `cunt`).
 */

/** Characters that stand for letters; a few stand for two (`1`: i or l). */
const LEET: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '8': ['b'],
  '9': ['g'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
  '|': ['l', 'i'],
  '+': ['t'],
};

/** The first reading of each stand-in, for letters spelled out one by one. */
export const plainLetter = (char: string): string => LEET[char]?.[0] ?? char;

const MAX_READINGS = 8;

const STAND_IN = /[0-9@$!|+]/u;

/** Every way a written word may be read with its stand-ins replaced (a few at most). */
export const readings = (written: string): string[] => {
  if (!STAND_IN.test(written) || !/\p{L}/u.test(written)) return [written];
  let results = [''];
  for (const char of written) {
    const options = LEET[char] ?? [char];
    results = results.flatMap((prefix) => options.map((option) => prefix + option));
    if (results.length > MAX_READINGS) results = results.slice(0, MAX_READINGS);
  }
  return results;
};

/**
 * A known word as a pattern for a whole written word: each letter may be stretched (a double
 * letter stays at least double: `ass` is not `as`), and a plural `s`/`es` may follow.
 */
export const wordPattern = (word: string): RegExp =>
  new RegExp(`^${stretched(word)}(?:s+|es)?$`, 'u');

/** The word's letters, each as often as written or more: `fool` is o{2,}, so `fol` is not it. */
export const stretched = (word: string): string =>
  (word.match(/(.)\1*/gu) ?? []).map((run) => `${run[0]}{${run.length},}`).join('');

/** A word written with stars for some letters (`f**k`), matched letter for letter. */
export const starredMatch = (written: string, word: string): boolean => {
  if (!written.includes('*') || written.startsWith('*')) return false;
  const stars = [...written].filter((c) => c === '*').length;
  if (stars * 2 > written.length + 1) return false;
  const forms = [word, `${word}s`];
  return forms.some(
    (form) =>
      form.length === written.length && [...written].every((c, i) => c === '*' || c === form[i]),
  );
};

/** Every run of a repeated letter as one: where a word and its stretched spellings meet. */
const collapsed = (text: string) => text.replace(/(.)\1+/gu, '$1');

/** Reads known words in written ones: whole words only, however disguised. */
export const wordReader = <T extends { word: string }>(entries: readonly T[]) => {
  const byShape = new Map<string, { entry: T; pattern: RegExp }[]>();
  for (const entry of entries) {
    const pattern = wordPattern(entry.word);
    for (const form of [entry.word, `${entry.word}s`, `${entry.word}es`]) {
      const shape = collapsed(form);
      const list = byShape.get(shape) ?? [];
      if (!list.some((known) => known.entry === entry)) list.push({ entry, pattern });
      byShape.set(shape, list);
    }
  }
  const exact = new Map<string, T>();
  for (const entry of [...entries].reverse()) {
    for (const form of [entry.word, `${entry.word}s`, `${entry.word}es`]) exact.set(form, entry);
  }
  return (written: string): T | null => {
    const known = exact.get(written);
    if (known) return known;
    // Nothing stretched, starred or standing in for a letter: no other word it could be.
    if (!/(\p{L})\1|[*0-9@$!|+]/u.test(written)) return null;
    for (const reading of readings(written)) {
      if (reading.includes('*')) {
        const starred = entries.find((entry) => starredMatch(reading, entry.word));
        if (starred) return starred;
        continue;
      }
      for (const { entry, pattern } of byShape.get(collapsed(reading)) ?? []) {
        if (pattern.test(reading)) return entry;
      }
    }
    return null;
  };
};
