import type { MatrixPerson, VoteMatrix } from './vote-matrix';

/**
 * PCA to two components as Pol.is computes it (math/src/polismath/math/pca.clj): missing votes
 * imputed with their column's mean of the votes cast, the matrix centred, the components found
 * by power iteration (both at once, see `leadingPair`), and each person projected from the votes
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

/**
 * Pol.is's 100 iterations: the plane settles to a few parts in 10⁵ wherever its axes mean
 * something (the third eigenvalue under nine tenths of the second: 0.9¹⁰⁰ ≈ 3e-5, times the
 * tangent of the start's angle to the plane, which a fixed start leaves to chance: a start
 * holding little of the second component may leave it off after 100 iterations, as it may
 * Pol.is's); where they do not, any axes in it are as good. Stopped early once an iteration
 * turns the plane by less than TOLERANCE radians, measured as the sine of the turn (1 − cos,
 * measured before, could not see turns under 1e-5 and stopped on a slow patch, the plane
 * still 4.5e-3 radians off).
 */
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

/** A fixed pseudo-random start (mulberry32): never orthogonal to a component by construction. */
export const startVector = (length: number, seed: number) => {
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

/** The length of what of unit vector v lies outside the plane of the orthonormal pair. */
const outside = (v: Float64Array, pair: readonly [Float64Array, Float64Array]) => {
  const rest = v.slice();
  factorOut(rest, pair);
  return Math.sqrt(dot(rest, rest));
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

/**
 * The centred, imputed matrix A as the two products power iteration needs. A row is the
 * imputed baseline (0 where seen, the column's fill where missing) plus, where the person
 * voted, the vote's difference from that baseline: kept flat (row offsets, columns, deltas).
 */
const operator = (matrix: VoteMatrix) => {
  const { people } = matrix;
  const n = people.length;
  const p = matrix.columns.length;
  const { fill, center } = imputation(matrix);
  const seen = Int32Array.from(people, (person) => person.seen);
  const offsets = new Int32Array(n + 1);
  people.forEach((person, i) => (offsets[i + 1] = offsets[i]! + person.cols.length));
  const cols = new Int32Array(offsets[n]!);
  const deltas = new Float64Array(offsets[n]!);
  people.forEach((person, i) => {
    person.cols.forEach((col, k) => {
      cols[offsets[i]! + k] = col;
      deltas[offsets[i]! + k] = person.values[k]! - (col >= person.seen ? fill[col]! : 0);
    });
  });
  const fromColumn = new Float64Array(p + 1);
  /** A v: one value per person. */
  const times = (v: Float64Array) => {
    for (let j = p - 1; j >= 0; j--) fromColumn[j] = fromColumn[j + 1]! + fill[j]! * v[j]!;
    const centred = dot(center, v);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let sum = fromColumn[seen[i]!]! - centred;
      for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++)
        sum += deltas[k]! * v[cols[k]!]!;
      out[i] = sum;
    }
    return out;
  };
  const byStart = new Float64Array(p + 1);
  /** Aᵀ w: one value per answer. */
  const transposeTimes = (w: Float64Array) => {
    byStart.fill(0);
    let total = 0;
    for (let i = 0; i < n; i++) {
      byStart[seen[i]!]! += w[i]!;
      total += w[i]!;
    }
    const out = new Float64Array(p);
    // Column j is missing for people whose `seen` is at most j.
    let unseenWeight = 0;
    for (let j = 0; j < p; j++) {
      unseenWeight += byStart[j]!;
      out[j] = fill[j]! * unseenWeight - center[j]! * total;
    }
    for (let i = 0; i < n; i++) {
      const weight = w[i]!;
      for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++)
        out[cols[k]!]! += deltas[k]! * weight;
    }
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

/** Orthonormalises the pair in place (Gram–Schmidt); a vector with nothing left becomes zero. */
const orthonormalise = (pair: [Float64Array, Float64Array]) => {
  if (normalise(pair[0]) === 0) pair[0].fill(0);
  factorOut(pair[1], [pair[0]]);
  if (normalise(pair[1]) === 0) pair[1].fill(0);
};

/**
 * The eigenvectors of a symmetric 2 × 2 matrix [[a, b], [b, d]], larger eigenvalue first, as
 * rotation [cos, sin]: the first is (cos, sin), the second (−sin, cos).
 */
const rotation2 = (a: number, b: number, d: number): [number, number] => {
  const angle = 0.5 * Math.atan2(2 * b, a - d);
  return [Math.cos(angle), Math.sin(angle)];
};

/**
 * The two leading eigenvectors of AᵀA by subspace iteration (the pair multiplied by AᵀA and
 * orthonormalised until the plane they span stops turning), then turned within that plane to
 * the eigenvectors (Rayleigh–Ritz): Pol.is's power iteration with its second component found
 * alongside the first, so close leading eigenvalues do not slow it down.
 */
const leadingPair = (op: ReturnType<typeof operator>, p: number): [Float64Array, Float64Array] => {
  const apply = (v: Float64Array) => op.transposeTimes(op.times(v));
  let pair: [Float64Array, Float64Array] = [startVector(p, 1), startVector(p, 2)];
  orthonormalise(pair);
  let images: [Float64Array, Float64Array] = [apply(pair[0]), apply(pair[1])];
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next: [Float64Array, Float64Array] = [images[0].slice(), images[1].slice()];
    orthonormalise(next);
    // How far the plane turned: the largest part of a new vector outside the old plane.
    const turned = Math.max(outside(next[0], pair), outside(next[1], pair));
    pair = next;
    images = [apply(pair[0]), apply(pair[1])];
    if (turned < TOLERANCE) break;
  }
  const [cos, sin] = rotation2(
    dot(pair[0], images[0]),
    dot(pair[0], images[1]),
    dot(pair[1], images[1]),
  );
  const first = pair[0].map((v, j) => cos * v + sin * pair[1][j]!);
  const second = pair[0].map((v, j) => -sin * v + cos * pair[1][j]!);
  return [orient(first), orient(second)];
};

export const fitPca = (matrix: VoteMatrix): PcaModel => {
  const op = operator(matrix);
  return { center: op.center, comps: leadingPair(op, matrix.columns.length) };
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
