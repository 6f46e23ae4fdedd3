import {
  OPINION_GROUP_IDS,
  OPINION_MIN_GROUP_SIZE,
  OPINION_MIN_PARTICIPANTS,
  type OpinionGroupId,
  type OpinionMapDto,
  type OpinionPointDto,
} from '../contracts/opinions';
import { chooseClustering, nearestCentroid, type Point } from './clusters';
import { fitPca, projector, type PcaModel } from './pca';
import { consensusOf, representativeOf, tallies } from './repness';
import type { MapColumn, MatrixPerson, VoteMatrix } from './vote-matrix';

/**
 * A question's opinion map, computed from its vote matrix: what is stored and served (every
 * number rounded to six decimals, so a stored, sent or replayed map reads the same to the last
 * digit), and what it takes to place one more person (the PCA and the centroids). It names no
 * one: people are anonymous dots in no particular order.
 */
export type OpinionMap = {
  status: 'ready' | 'too-few';
  participants: number;
  needed?: number;
  columns: MapColumn[];
  /** Null when too few. */
  model: { center: number[]; comps: [number[], number[]] } | null;
  /** Every cluster's centre and the group it is shown as (null: too small to show). */
  clusters: { centroid: [number, number]; group: OpinionGroupId | null }[];
  groups: {
    id: OpinionGroupId;
    size: number;
    representative: { responseId: string; agree: number; agreeOutside: number; z: number }[];
  }[];
  consensus: { responseId: string; score: number }[];
  /** Share of the map's answers that every shown group leans to echo. */
  consensusShare: number;
  points: OpinionPointDto[];
};

/** Six decimals, and never −0 (JSON would write it as 0). */
export const rounded = (value: number) => Math.round(value * 1e6) / 1e6 + 0;

const tooFew = (matrix: VoteMatrix): OpinionMap => ({
  status: 'too-few',
  participants: matrix.people.length,
  needed: OPINION_MIN_PARTICIPANTS - matrix.people.length,
  columns: [],
  model: null,
  clusters: [],
  groups: [],
  consensus: [],
  consensusShare: 0,
  points: [],
});

/** Shown groups are named A, B, … largest first (then left to right, top to bottom). */
const nameGroups = (centroids: readonly Point[], sizes: readonly number[]) => {
  const order = centroids
    .map((centroid, cluster) => ({ cluster, centroid, size: sizes[cluster]! }))
    .filter(({ size }) => size >= OPINION_MIN_GROUP_SIZE)
    .sort(
      (a, b) => b.size - a.size || a.centroid[0] - b.centroid[0] || a.centroid[1] - b.centroid[1],
    );
  const names = new Array<OpinionGroupId | null>(centroids.length).fill(null);
  order.forEach(({ cluster }, index) => (names[cluster] = OPINION_GROUP_IDS[index]!));
  return { names, shown: order.map(({ cluster }) => cluster) };
};

const byPlace = (a: OpinionPointDto, b: OpinionPointDto) =>
  a.x - b.x || a.y - b.y || (a.group ?? '').localeCompare(b.group ?? '');

export const computeOpinionMap = (matrix: VoteMatrix): OpinionMap => {
  if (matrix.people.length < OPINION_MIN_PARTICIPANTS) return tooFew(matrix);
  const pca = fitPca(matrix);
  const place = projector(pca);
  const places: Point[] = matrix.people.map((person) => place(person));
  const clustering = chooseClustering(places);
  const centroids = clustering?.centroids ?? [];
  const assignment = clustering?.assignment ?? places.map(() => -1);
  const sizes = centroids.map((_, c) => assignment.filter((a) => a === c).length);
  const { names, shown } = nameGroups(centroids, sizes);
  // Statistics per shown group; people of a group too small to show count as everyone else.
  const setOf = assignment.map((cluster) => (cluster >= 0 ? shown.indexOf(cluster) : -1));
  const p = matrix.columns.length;
  const tally = tallies(matrix, setOf, shown.length);
  const everyone = shown.length;
  const responseId = (col: number) => matrix.columns[col]!;
  const consensus = consensusOf(tally, shown.length > 0 ? shown.map((_, s) => s) : [everyone], p);
  return {
    status: 'ready',
    participants: matrix.people.length,
    columns: matrix.columns.map((id, col) => ({ responseId: id, ordinal: matrix.ordinals[col]! })),
    model: { center: [...pca.center], comps: [[...pca.comps[0]], [...pca.comps[1]]] },
    clusters: centroids.map(([x, y], c) => ({ centroid: [x, y], group: names[c]! })),
    groups: shown.map((cluster, set) => ({
      id: names[cluster]!,
      size: sizes[cluster]!,
      representative: representativeOf(tally, set, everyone, p).map((r) => ({
        responseId: responseId(r.col),
        agree: rounded(r.agree),
        agreeOutside: rounded(r.agreeOutside),
        z: rounded(r.z),
      })),
    })),
    consensus: consensus.common.map((c) => ({
      responseId: responseId(c.col),
      score: rounded(c.score),
    })),
    consensusShare: rounded(consensus.share),
    points: places
      .map(([x, y], i) => ({
        x: rounded(x),
        y: rounded(y),
        group: assignment[i]! >= 0 ? names[assignment[i]!]! : null,
      }))
      .sort(byPlace),
  };
};

const modelOf = (map: OpinionMap): PcaModel | null =>
  map.model && {
    center: Float64Array.from(map.model.center),
    comps: [Float64Array.from(map.model.comps[0]), Float64Array.from(map.model.comps[1])],
  };

/** One person's place on a stored map: the same projection and nearest centre as everyone's. */
export const placeOn = (
  map: OpinionMap,
  person: MatrixPerson,
): NonNullable<OpinionMapDto['you']> | null => {
  const model = modelOf(map);
  if (!model) return null;
  const point = projector(model)(person);
  const shown = map.clusters.filter((cluster) => cluster.group !== null);
  const nearest =
    shown.length > 0
      ? nearestCentroid(
          shown.map((c) => c.centroid),
          point,
        )
      : -1;
  return {
    group: nearest >= 0 ? shown[nearest]!.group : null,
    x: rounded(point[0]),
    y: rounded(point[1]),
  };
};

/** What one caller is sent: the map without its working parts, and their own place if any. */
export const mapDto = (map: OpinionMap, you: OpinionMapDto['you'] | null): OpinionMapDto => ({
  status: map.status,
  ...(map.needed !== undefined ? { needed: map.needed } : {}),
  participants: map.participants,
  groups: map.groups.map(({ id, size, representative }) => ({
    id,
    size,
    representative: representative.map(({ responseId, agree, z }) => ({ responseId, agree, z })),
  })),
  consensus: map.consensus,
  ...(you ? { you } : {}),
  points: map.points,
});
