import { describe, expect, it } from 'vitest';
import {
  generatePseudonyms,
  isOfferablePseudonym,
  PLAIN_DRAWS,
  pseudonymCandidates,
  pseudonymKey,
  pseudonymsMadeUnseen,
  PSEUDONYM_WORDS,
} from '../../domain/identity/pseudonym-words';

/** A repeatable stand-in for a random source (a linear congruential generator). */
const seeded = (seed = 42) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
};

const plainPairs = PSEUDONYM_WORDS.adjectives.flatMap((a) =>
  PSEUDONYM_WORDS.nouns.map((n) => `${a} ${n}`),
);

describe('pseudonym words', () => {
  it('offers plain adjective + noun pairs while they are plentiful', () => {
    const names = generatePseudonyms(3, () => false, seeded());
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) {
      expect(name.split(' ')).toHaveLength(2);
      expect(isOfferablePseudonym(name)).toBe(true);
    }
  });

  it('goes on to numbered names once the plain pairs come up taken', () => {
    const candidates = [...pseudonymCandidates(seeded())];
    expect(candidates.slice(0, PLAIN_DRAWS).every((n) => n.split(' ').length === 2)).toBe(true);
    expect(candidates.slice(PLAIN_DRAWS).every((n) => /^\S+ \S+ \d+$/.test(n))).toBe(true);
  });

  it('still offers three free names when every plain pair is in use', () => {
    const taken = new Set(plainPairs.map(pseudonymKey));
    const names = generatePseudonyms(3, (key) => taken.has(key), seeded(7));
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) {
      expect(taken.has(pseudonymKey(name))).toBe(false);
      expect(isOfferablePseudonym(name)).toBe(true);
    }
  });

  it('names made where the server cannot be asked are three distinct plain adjective + noun pairs', () => {
    const pairs = new Set(plainPairs);
    const random = seeded(11);
    for (let visit = 0; visit < 200; visit++) {
      const names = pseudonymsMadeUnseen(3, random);
      expect(names).toHaveLength(3);
      expect(new Set(names).size).toBe(3);
      for (const name of names) {
        expect(pairs.has(name), name).toBe(true);
        expect(isOfferablePseudonym(name)).toBe(true);
      }
    }
  });

  it('a name made in place of a taken one is none of those shown or refused', () => {
    const besides = plainPairs.slice(0, plainPairs.length - 2);
    for (let seed = 1; seed < 20; seed++) {
      const [name] = pseudonymsMadeUnseen(1, seeded(seed), besides);
      expect(plainPairs.slice(-2)).toContain(name);
    }
    expect(pseudonymsMadeUnseen(1, seeded(), plainPairs)).toEqual([]);
  });

  it('accepts only names the product could have offered', () => {
    expect(isOfferablePseudonym('Calm Owl')).toBe(true);
    expect(isOfferablePseudonym('Calm Owl 2')).toBe(true);
    expect(isOfferablePseudonym('Calm Owl 9999')).toBe(true);
    for (const name of [
      'Stupid Idiot',
      'Calm Idiot',
      'calm owl',
      'Calm  Owl',
      'Calm Owl 1',
      'Calm Owl 0042',
      'Calm Owl 10000',
      'Calm Owl Fox',
      '<script>',
      '',
    ]) {
      expect(isOfferablePseudonym(name), name).toBe(false);
    }
  });
});
