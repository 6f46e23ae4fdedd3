import { kmeans } from 'ml-kmeans';
import { OPINION_MIN_GROUP_SIZE } from '../contracts/opinions';

/**
 * Groups on the map: k-means (ml-kmeans, k-means++ starts from fixed seeds, so the same places
 * give the same groups) for k from 2 up to Pol.is's bound (5, fewer for small maps), keeping
 * the k whose clustering has the best silhouette among those where every group has at least
 * OPINION_MIN_GROUP_SIZE people; if none has, the best one anyway, and its small groups are
 * left unshown by the caller.
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
const RESTARTS = 4;
const MAX_K = 5;

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

/** Mean silhouette: per point (b − a) / max(a, b), 0 for a point alone in its cluster. */
export const silhouette = (points: readonly Point[], assignment: readonly number[], k: number) => {
  const sizes = new Array<number>(k).fill(0);
  for (const c of assignment) sizes[c]! += 1;
  let total = 0;
  const sums = new Float64Array(k);
  points.forEach((point, i) => {
    sums.fill(0);
    points.forEach((other, j) => {
      if (i !== j) sums[assignment[j]!]! += Math.sqrt(squared(point, other));
    });
    const own = assignment[i]!;
    if (sizes[own]! <= 1) return;
    const a = sums[own]! / (sizes[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++)
      if (c !== own && sizes[c]! > 0) b = Math.min(b, sums[c]! / sizes[c]!);
    const spread = Math.max(a, b);
    if (spread > 0 && Number.isFinite(b)) total += (b - a) / spread;
  });
  return total / points.length;
};

/** One k: the tightest of the seeded restarts, empty clusters dropped. */
const clusterInto = (points: Point[], k: number): Omit<Clustering, 'silhouette'> => {
  const data = points.map(([x, y]) => [x, y]);
  let best: { centroids: Point[]; assignment: number[]; spread: number } | null = null;
  for (let restart = 0; restart < RESTARTS; restart++) {
    const result = kmeans(data, k, {
      initialization: 'kmeans++',
      seed: 7919 * k + restart + 1,
      maxIterations: 300,
      tolerance: 1e-12,
    });
    const centroids = result.centroids.map(([x, y]) => [x!, y!] as const);
    const assignment = points.map((point) => nearestCentroid(centroids, point));
    const spread = points.reduce(
      (sum, point, i) => sum + squared(point, centroids[assignment[i]!]!),
      0,
    );
    if (!best || spread < best.spread) best = { centroids, assignment, spread };
  }
  const used = [...new Set(best!.assignment)].sort((a, b) => a - b);
  const renumber = new Map(used.map((c, index) => [c, index]));
  return {
    centroids: used.map((c) => best!.centroids[c]!),
    assignment: best!.assignment.map((c) => renumber.get(c)!),
  };
};

const distinctCount = (points: readonly Point[]) =>
  new Set(points.map(([x, y]) => `${x},${y}`)).size;

/** The clustering shown, or null when the places cannot be told apart into two groups. */
export const chooseClustering = (points: Point[]): Clustering | null => {
  const limit = Math.min(maxGroupsFor(points.length), distinctCount(points));
  let best: Clustering | null = null;
  let bestQualifies = false;
  for (let k = 2; k <= limit; k++) {
    const clustering = clusterInto(points, k);
    const groups = clustering.centroids.length;
    if (groups < 2) continue;
    const candidate = {
      ...clustering,
      silhouette: silhouette(points, clustering.assignment, groups),
    };
    const sizes = new Array<number>(groups).fill(0);
    for (const c of candidate.assignment) sizes[c]! += 1;
    const qualifies = sizes.every((size) => size >= OPINION_MIN_GROUP_SIZE);
    const better =
      !best ||
      (qualifies && !bestQualifies) ||
      (qualifies === bestQualifies && candidate.silhouette > best.silhouette);
    if (better) {
      best = candidate;
      bestQualifies = qualifies;
    }
  }
  return best;
};
