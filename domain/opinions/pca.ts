import type { MatrixPerson, VoteMatrix } from './vote-matrix';

/**
 * PCA to two components as Pol.is computes it (math/src/polismath/math/pca.clj): missing votes
 * imputed with their column's mean of the votes cast, the matrix centred, each component found
 * by power iteration and factored out before the next, and each person projected from the votes
 * they actually cast, pushed out by sqrt(answers / votes) so that people who voted on little do
 * not all sit at the centre.
 *
 * Never built dense: a row is its votes plus "seen up to column s", so the imputed matrix
 * times a vector costs O(votes + people + answers). ml-pca (SVD or NIPALS on the dense matrix)
 * gives the same components (tests/unit/opinion-pca.test.ts holds them to it) but took 433 s
 * for 2,000 × 2,000 here, against a budget of 250 ms.
 */

export type PcaModel = {
  /** The imputed matrix's column means. */
  center: Float64Array;
  comps: [Float64Array, Float64Array];
};

const MAX_ITERATIONS = 1000;
const TOLERANCE = 1e-12;

/** A fixed pseudo-random start (mulberry32): never orthogonal to a component by construction. */
const startVector = (length: number, seed: number) => {
  let state = seed >>> 0;
  return Float64Array.from({ length }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  });
};

const dot = (a: Float64Array, b: Float64Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

const normalise = (v: Float64Array): number => {
  const norm = Math.sqrt(dot(v, v));
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return norm;
};

/** Removes from v its part along each (unit) vector of `basis`. */
const factorOut = (v: Float64Array, basis: readonly Float64Array[]) => {
  for (const b of basis) {
    const along = dot(v, b);
    for (let i = 0; i < v.length; i++) v[i]! -= along * b[i]!;
  }
};

/** Column means of the votes cast (the imputed value) and of the imputed matrix (the centre). */
const imputation = ({ columns, people }: VoteMatrix) => {
  const p = columns.length;
  const n = people.length;
  const voteSum = new Float64Array(p);
  const votedUnseen = new Float64Array(p);
  const seenFrom = new Float64Array(p + 1);
  for (const person of people) {
    seenFrom[person.seen]! += 1;
    person.cols.forEach((col, k) => {
      voteSum[col]! += person.values[k]!;
      if (col >= person.seen) votedUnseen[col]! += 1;
    });
  }
  const fill = new Float64Array(p);
  const center = new Float64Array(p);
  // People who have seen column j: those whose `seen` is above j.
  let seenCount = n - seenFrom[0]!;
  for (let j = 0; j < p; j++) {
    const observed = seenCount + votedUnseen[j]!;
    fill[j] = observed > 0 ? voteSum[j]! / observed : 0;
    const unseenNotVoted = n - seenCount - votedUnseen[j]!;
    center[j] = (voteSum[j]! + fill[j]! * unseenNotVoted) / n;
    seenCount -= seenFrom[j + 1]!;
  }
  return { fill, center };
};

/** The centred, imputed matrix A as the two products power iteration needs. */
const operator = (matrix: VoteMatrix) => {
  const { people } = matrix;
  const p = matrix.columns.length;
  const { fill, center } = imputation(matrix);
  /** A v: one value per person. */
  const times = (v: Float64Array) => {
    const fromColumn = new Float64Array(p + 1);
    for (let j = p - 1; j >= 0; j--) fromColumn[j] = fromColumn[j + 1]! + fill[j]! * v[j]!;
    const centred = dot(center, v);
    return Float64Array.from(people, (person) => {
      let sum = fromColumn[person.seen]! - centred;
      person.cols.forEach((col, k) => {
        sum += person.values[k]! * v[col]!;
        if (col >= person.seen) sum -= fill[col]! * v[col]!;
      });
      return sum;
    });
  };
  /** Aᵀ w: one value per answer. */
  const transposeTimes = (w: Float64Array) => {
    const byStart = new Float64Array(p + 1);
    let total = 0;
    people.forEach((person, i) => {
      byStart[person.seen]! += w[i]!;
      total += w[i]!;
    });
    const out = new Float64Array(p);
    // Column j is missing for people whose `seen` is at most j.
    let unseenWeight = 0;
    for (let j = 0; j < p; j++) {
      unseenWeight += byStart[j]!;
      out[j] = fill[j]! * unseenWeight - center[j]! * total;
    }
    people.forEach((person, i) => {
      person.cols.forEach((col, k) => {
        out[col]! += person.values[k]! * w[i]!;
        if (col >= person.seen) out[col]! -= fill[col]! * w[i]!;
      });
    });
    return out;
  };
  return { center, times, transposeTimes };
};

/** Signs fixed so the largest loading is positive: a recomputation never mirrors the map. */
const orient = (v: Float64Array) => {
  let largest = 0;
  for (let j = 1; j < v.length; j++) if (Math.abs(v[j]!) > Math.abs(v[largest]!)) largest = j;
  if (v[largest]! < 0) for (let j = 0; j < v.length; j++) v[j] = -v[j]!;
  return v;
};

/** The leading eigenvector of AᵀA orthogonal to `found`, by power iteration. */
const component = (
  op: ReturnType<typeof operator>,
  p: number,
  found: readonly Float64Array[],
  seed: number,
): Float64Array => {
  let v = startVector(p, seed);
  factorOut(v, found);
  if (normalise(v) === 0) return new Float64Array(p);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = op.transposeTimes(op.times(v));
    factorOut(next, found);
    // No variance left in any direction: the component is zero (everyone voted alike).
    if (normalise(next) === 0) return new Float64Array(p);
    let moved = 0;
    for (let j = 0; j < p; j++) moved += (next[j]! - v[j]!) ** 2;
    v = next;
    if (moved < TOLERANCE) break;
  }
  return orient(v);
};

export const fitPca = (matrix: VoteMatrix): PcaModel => {
  const p = matrix.columns.length;
  const op = operator(matrix);
  const first = component(op, p, [], 1);
  const second = component(op, p, [first], 2);
  return { center: op.center, comps: [first, second] };
};

/**
 * Places people: their votes (and passes) against the centre, along each component, scaled by
 * sqrt(answers / answers they voted on or saw), as Pol.is's sparsity-aware projection. One
 * function for everyone and for the caller's own place, so the two agree to the last digit.
 */
export const projector = (model: PcaModel) => {
  const { center, comps } = model;
  const p = center.length;
  // Seen and not voted is a pass (0): against the centre, summed once per prefix.
  const passes = [new Float64Array(p + 1), new Float64Array(p + 1)] as const;
  for (let j = 0; j < p; j++) {
    passes[0][j + 1] = passes[0][j]! + center[j]! * comps[0][j]!;
    passes[1][j + 1] = passes[1][j]! + center[j]! * comps[1][j]!;
  }
  return (person: Pick<MatrixPerson, 'seen' | 'cols' | 'values'>): [number, number] => {
    let x = -passes[0][person.seen]!;
    let y = -passes[1][person.seen]!;
    let observed = person.seen;
    person.cols.forEach((col, k) => {
      const value = person.values[k]!;
      x += value * comps[0][col]!;
      y += value * comps[1][col]!;
      if (col >= person.seen) {
        x -= center[col]! * comps[0][col]!;
        y -= center[col]! * comps[1][col]!;
        observed += 1;
      }
    });
    const scale = Math.sqrt(p / Math.max(observed, 1));
    return [x * scale, y * scale];
  };
};
