import type { VoteMatrix } from './vote-matrix';

/**
 * What each group stands for, and what they share, by Pol.is's statistics
 * (math/src/polismath/math/repness.clj and stats.clj): agreement Laplace-smoothed as
 * (agrees + 1) / (seen + 2), a one-proportion test against even odds, a two-proportion test
 * of the group against everyone else, and group-informed consensus as the product over groups
 * of their smoothed agreement. Echoes are agreement; a reaction counts as its weight.
 */

/** One-sided 90 % (Pol.is's z-sig-90). */
export const Z_90 = 1.2816;
/** Representative answers listed per group at most, as Pol.is does. */
const MAX_REPRESENTATIVE = 5;
/** Common ground listed at most. */
const MAX_CONSENSUS = 5;

/** Agreement with one answer within a set of people: weighted agrees among those who saw it. */
export type Tally = { agree: number; seen: number };

export const propTest = (succ: number, n: number) =>
  2 * Math.sqrt(n + 1) * ((succ + 1) / (n + 1) - 0.5);

export const twoPropTest = (succIn: number, succOut: number, popIn: number, popOut: number) => {
  const [s1, s2, n1, n2] = [succIn + 1, succOut + 1, popIn + 1, popOut + 1];
  const pooled = (s1 + s2) / (n1 + n2);
  if (pooled >= 1) return 0;
  return (s1 / n1 - s2 / n2) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
};

export const smoothed = ({ agree, seen }: Tally) => (agree + 1) / (seen + 2);

/**
 * Per answer, each set's tally: `groupOf[i]` is person i's set (0 … sets − 1, or −1 for none);
 * the last tally of each answer is everyone's.
 */
export const tallies = (matrix: VoteMatrix, groupOf: readonly number[], sets: number) => {
  const p = matrix.columns.length;
  const agree = Array.from({ length: sets + 1 }, () => new Float64Array(p));
  const seen = Array.from({ length: sets + 1 }, () => new Float64Array(p));
  // Everyone whose `seen` is above j saw answer j: counted by where they stop, then summed.
  const stops = Array.from({ length: sets + 1 }, () => new Float64Array(p + 1));
  matrix.people.forEach((person, i) => {
    const own = groupOf[i]!;
    for (const set of own >= 0 ? [own, sets] : [sets]) {
      stops[set]![person.seen]! += 1;
      person.cols.forEach((col, k) => {
        agree[set]![col]! += person.values[k]!;
        if (col >= person.seen) seen[set]![col]! += 1;
      });
    }
  });
  for (let set = 0; set <= sets; set++) {
    let beyond = 0;
    for (let j = p - 1; j >= 0; j--) {
      beyond += stops[set]![j + 1]!;
      seen[set]![j]! += beyond;
    }
  }
  return (set: number, col: number): Tally => ({
    agree: agree[set]![col]!,
    seen: seen[set]![col]!,
  });
};

export type Representative = { col: number; agree: number; agreeOutside: number; z: number };

/** A group's representative answers: significantly more theirs than everyone else's. */
export const representativeOf = (
  tally: (set: number, col: number) => Tally,
  group: number,
  everyone: number,
  columns: number,
): Representative[] => {
  type Scored = Representative & { metric: number; passes: boolean; fallback: boolean };
  const scored: Scored[] = [];
  for (let col = 0; col < columns; col++) {
    const inside = tally(group, col);
    const all = tally(everyone, col);
    const outside = { agree: all.agree - inside.agree, seen: all.seen - inside.seen };
    const pa = smoothed(inside);
    const pat = propTest(inside.agree, inside.seen);
    const paOut = smoothed(outside);
    const ra = pa / paOut;
    const rat = twoPropTest(inside.agree, outside.agree, inside.seen, outside.seen);
    scored.push({
      col,
      agree: pa,
      agreeOutside: paOut,
      z: rat,
      metric: ra * rat * pa * pat,
      passes: rat > Z_90 && pat > Z_90,
      // Pol.is keeps one answer the group agrees with when none passes both tests.
      fallback: inside.agree > 0 && (pat > Z_90 || (ra > 1 && pa > 0.5)),
    });
  }
  const byMetric = (a: Scored, b: Scored) => b.metric - a.metric || a.col - b.col;
  const passing = scored.filter((s) => s.passes).sort(byMetric);
  const chosen =
    passing.length > 0
      ? passing.slice(0, MAX_REPRESENTATIVE)
      : scored
          .filter((s) => s.fallback)
          .sort(byMetric)
          .slice(0, 1);
  return chosen.map(({ col, agree, agreeOutside, z }) => ({ col, agree, agreeOutside, z }));
};

export type Consensus = { col: number; score: number };

/**
 * Group-informed consensus over the given sets: the score of every answer, and the common
 * ground, answers each set leans to echo (smoothed agreement above one half), best first.
 */
export const consensusOf = (
  tally: (set: number, col: number) => Tally,
  sets: readonly number[],
  columns: number,
): { common: Consensus[]; share: number } => {
  const common: Consensus[] = [];
  for (let col = 0; col < columns; col++) {
    let score = 1;
    let everySet = true;
    for (const set of sets) {
      const p = smoothed(tally(set, col));
      score *= p;
      everySet &&= p > 0.5;
    }
    if (everySet) common.push({ col, score });
  }
  common.sort((a, b) => b.score - a.score || a.col - b.col);
  return {
    common: common.slice(0, MAX_CONSENSUS),
    share: columns > 0 ? common.length / columns : 0,
  };
};
