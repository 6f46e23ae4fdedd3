import { kmeans } from 'ml-kmeans';
import { OPINION_MIN_GROUP_SIZE } from '../contracts/opinions';

/**
 * Groups on the map: k-means for k from 2 up to Pol.is's bound (5, fewer for small maps),
 * keeping the k whose clustering has the best silhouette among those where every group has at
 * least OPINION_MIN_GROUP_SIZE people; if none has, the best one anyway, and its small groups
 * are left unshown by the caller.
 *
 * ml-kmeans runs Lloyd's iterations from k-means++ starts drawn here from fixed seeds, so the
 * same places always give the same groups (its own k-means++ takes a seed too, but its
 * weighted draw cost up to 0.8 s for 2,000 places here, more than all the rest of a map).
 */

export type Point = readonly [number, number];

export type Clustering = {
  /** Each cluster's centre; a person belongs to the nearest. */
  centroids: Point[];
  /** Cluster index of each point. */
  assignment: number[];
  silhouette: number;
};

/** Restarts per k, each from its own seed; the tightest is kept. */
const RESTARTS = 3;
const MAX_K = 5;
const SILHOUETTE_SAMPLE = 1000;

/** Pol.is's bound on k for n people (math/src/polismath/math/conversation.clj, max-k-fn). */
export const maxGroupsFor = (n: number) => Math.min(MAX_K, 2 + Math.floor(n / 12));

const squared = (a: Point, b: Point) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/** The nearest centroid (the first on a tie): for everyone on the map and for the caller alike. */
export const nearestCentroid = (centroids: readonly Point[], point: Point) => {
  let best = 0;
  for (let c = 1; c < centroids.length; c++) {
    if (squared(point, centroids[c]!) < squared(point, centroids[best]!)) best = c;
  }
  return best;
};

/** A seeded uniform draw in [0, 1) (mulberry32). */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** k-means++ starts: each next centre drawn with probability proportional to its squared distance. */
const kmeansPlusPlus = (points: readonly Point[], k: number, seed: number): number[][] => {
  const draw = seeded(seed);
  const first = points[Math.floor(draw() * points.length)]!;
  const centres: Point[] = [first];
  const nearest = Float64Array.from(points, (point) => squared(point, first));
  while (centres.length < k) {
    let total = 0;
    for (const d of nearest) total += d;
    let target = draw() * total;
    let chosen = points.length - 1;
    for (let i = 0; i < points.length; i++) {
      target -= nearest[i]!;
      if (target < 0) {
        chosen = i;
        break;
      }
    }
    const centre = points[chosen]!;
    centres.push(centre);
    points.forEach((point, i) => (nearest[i] = Math.min(nearest[i]!, squared(point, centre))));
  }
  return centres.map(([x, y]) => [x, y]);
};

/** One k: the tightest of the seeded restarts, empty clusters dropped. */
const clusterInto = (points: readonly Point[], k: number): Omit<Clustering, 'silhouette'> => {
  const data = points.map(([x, y]) => [x, y]);
  let best: { centroids: Point[]; assignment: number[]; spread: number } | null = null;
  for (let restart = 0; restart < RESTARTS; restart++) {
    const result = kmeans(data, k, {
      initialization: kmeansPlusPlus(points, k, 7919 * k + restart),
      maxIterations: 300,
      tolerance: 1e-12,
    });
    const centroids = result.centroids.map(([x, y]) => [x!, y!] as const);
    const assignment = points.map((point) => nearestCentroid(centroids, point));
    let spread = 0;
    points.forEach((point, i) => (spread += squared(point, centroids[assignment[i]!]!)));
    if (!best || spread < best.spread) best = { centroids, assignment, spread };
  }
  const used = [...new Set(best!.assignment)].sort((a, b) => a - b);
  const renumber = new Map(used.map((c, index) => [c, index]));
  return {
    centroids: used.map((c) => best!.centroids[c]!),
    assignment: best!.assignment.map((c) => renumber.get(c)!),
  };
};

/**
 * Mean silhouette of each clustering of the same points (per point (b − a) / max(a, b), 0 for
 * a point alone in its cluster), all in one pass over the pairs: each distance once.
 */
export const silhouettes = (
  points: readonly Point[],
  clusterings: readonly { assignment: readonly number[]; k: number }[],
): number[] => {
  const n = points.length;
  const xs = Float64Array.from(points, ([x]) => x);
  const ys = Float64Array.from(points, ([, y]) => y);
  const totals = clusterings.map(() => 0);
  const labels = clusterings.map(({ assignment }) => Int32Array.from(assignment));
  const sizes = clusterings.map(({ assignment, k }) => {
    const size = new Float64Array(k);
    for (const c of assignment) size[c]! += 1;
    return size;
  });
  // Distance sums from point i to each cluster of every clustering, side by side: point j adds
  // its distance at slot[j × C + c], its cluster's place in clustering c.
  const count = clusterings.length;
  const offsets = clusterings.map((_, c) => clusterings.slice(0, c).reduce((s, x) => s + x.k, 0));
  const slot = new Int32Array(n * count);
  for (let j = 0; j < n; j++) {
    for (let c = 0; c < count; c++) slot[j * count + c] = offsets[c]! + labels[c]![j]!;
  }
  const sums = new Float64Array(clusterings.reduce((s, x) => s + x.k, 0));
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    const x = xs[i]!;
    const y = ys[i]!;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = Math.sqrt((x - xs[j]!) ** 2 + (y - ys[j]!) ** 2);
      for (let c = 0, at = j * count; c < count; c++, at++) sums[slot[at]!]! += d;
    }
    for (let c = 0; c < count; c++) {
      const own = labels[c]![i]!;
      const size = sizes[c]!;
      if (size[own]! <= 1) continue;
      const a = sums[offsets[c]! + own]! / (size[own]! - 1);
      let b = Infinity;
      for (let other = 0; other < clusterings[c]!.k; other++) {
        if (other !== own && size[other]! > 0) {
          b = Math.min(b, sums[offsets[c]! + other]! / size[other]!);
        }
      }
      const spread = Math.max(a, b);
      if (spread > 0 && Number.isFinite(b)) totals[c]! += (b - a) / spread;
    }
  }
  return totals.map((total) => total / n);
};

const distinctCount = (points: readonly Point[]) =>
  new Set(points.map(([x, y]) => `${x},${y}`)).size;

/** The clustering shown, or null when the places cannot be told apart into two groups. */
export const chooseClustering = (points: readonly Point[]): Clustering | null => {
  const limit = Math.min(maxGroupsFor(points.length), distinctCount(points));
  const candidates = [];
  for (let k = 2; k <= limit; k++) {
    const clustering = clusterInto(points, k);
    if (clustering.centroids.length >= 2) {
      candidates.push({ ...clustering, k: clustering.centroids.length });
    }
  }
  // Past SILHOUETTE_SAMPLE places, scored on an even sample of them (as scikit-learn's
  // silhouette_score(sample_size) does; Pol.is scores its 100 base clusters): the pairs cost n².
  const stride = Math.ceil(points.length / SILHOUETTE_SAMPLE);
  const sampled = <T>(list: readonly T[]) => list.filter((_, i) => i % stride === 0);
  const scores = silhouettes(
    sampled(points),
    candidates.map(({ assignment, k }) => ({ assignment: sampled(assignment), k })),
  );
  let best: (Clustering & { qualifies: boolean }) | null = null;
  candidates.forEach((candidate, c) => {
    const sizes = new Array<number>(candidate.k).fill(0);
    for (const cluster of candidate.assignment) sizes[cluster]! += 1;
    const qualifies = sizes.every((size) => size >= OPINION_MIN_GROUP_SIZE);
    const silhouette = scores[c]!;
    if (
      !best ||
      (qualifies && !best.qualifies) ||
      (qualifies === best.qualifies && silhouette > best.silhouette)
    ) {
      best = {
        centroids: candidate.centroids,
        assignment: candidate.assignment,
        silhouette,
        qualifies,
      };
    }
  });
  if (!best) return null;
  const { qualifies: _qualifies, ...chosen } = best as Clustering & { qualifies: boolean };
  return chosen;
};
