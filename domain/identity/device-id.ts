/** The url-safe base64 alphabet device ids are written in: each character a number 0–63. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Fewer different characters than this is no random id (22 random ones hold about 19). */
export const MIN_DISTINCT_CHARACTERS = 6;

/**
 * Share of a shift's comparisons that may agree before a sequence counts as a pattern
 * repeated. Random characters agree one time in 64 (hex: 16); a block repeated agrees always.
 */
const REPEATED_SHARE = 0.8;

/**
 * Whether `values` is (nearly) a block repeated: shifted by some period of at most half its
 * length, at least REPEATED_SHARE of its values match themselves.
 */
const isRepeated = (values: readonly number[]) => {
  for (let period = 1; period <= values.length / 2; period++) {
    const compared = values.length - period;
    let agree = 0;
    for (let i = 0; i < compared; i++) if (values[i] === values[i + period]) agree++;
    if (agree >= compared * REPEATED_SHARE) return true;
  }
  return false;
};

/**
 * Whether an id of the device id's shape (`DEVICE_ID_PATTERN`) can be the bearer secret it
 * stands for, rather than one of the ids of no entropy a careless client or a guesser picks:
 * few different characters (`aaaa…`, `0101…`), a block repeated (`__proto____proto__…`,
 * `abcabc…`), or a run whose steps repeat (`abcdefgh…`, `acegik…`). What the UI makes (128
 * random bits in url-safe base64), a UUID or 32 random hex digits is refused by these with a
 * chance below one in 10^12.
 */
export const hasEntropy = (id: string) => {
  const values = [...id].map((character) => ALPHABET.indexOf(character));
  if (new Set(values).size < MIN_DISTINCT_CHARACTERS) return false;
  const steps = values.slice(1).map((value, i) => (value - values[i]! + 64) % 64);
  return !isRepeated(values) && !isRepeated(steps);
};
