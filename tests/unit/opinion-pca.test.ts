import fc from 'fast-check';
import { PCA } from 'ml-pca';
import { describe, expect, it } from 'vitest';
import { fitPca, projector, startVector } from '../../domain/opinions/pca';
import type { MatrixPerson, VoteMatrix } from '../../domain/opinions/vote-matrix';

/**
 * The sparse PCA is Pol.is's method on the imputed matrix, never built: here the imputed
 * matrix is built in full, as Pol.is's conversation.clj builds it (a missing vote replaced by
 * its column's mean of the votes cast, a pass being a vote of 0), and ml-pca's SVD of it gives
 * the components the power iteration must find.
 */

/** Pol.is's matrix: votes, passes as 0, missing as null. */
const denseVotes = ({ columns, people }: VoteMatrix) =>
  people.map((person) => {
    const row: (number | null)[] = columns.map((_, j) => (j < person.seen ? 0 : null));
    person.cols.forEach((col, k) => (row[col] = person.values[k]!));
    return row;
  });

const imputed = (votes: (number | null)[][]) => {
  const p = votes[0]!.length;
  const means = Array.from({ length: p }, (_, j) => {
    const cast = votes.map((row) => row[j]).filter((v): v is number => v !== null);
    return cast.length > 0 ? cast.reduce((a, b) => a + b, 0) / cast.length : 0;
  });
  return votes.map((row) => row.map((v, j) => v ?? means[j]!));
};

const person = (seen: number, votes: [number, number][]): MatrixPerson => {
  const sorted = [...votes].sort((a, b) => a[0] - b[0]);
  return {
    personId: `p${seen}`,
    seen,
    cols: Int32Array.from(sorted, ([col]) => col),
    values: Float64Array.from(sorted, ([, value]) => value),
  };
};

/**
 * The tangent of the largest angle between the iteration's start plane and the plane of the
 * reference's first two components: the iteration closes it by (λ3 / λ2) each time, so after
 * its 100 it is off by about that power times this.
 */
const startTangent = (loadings: number[][], p: number) => {
  const a = startVector(p, 1);
  const b = startVector(p, 2);
  const norm = (v: Float64Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  const na = norm(a);
  a.forEach((x, j) => (a[j] = x / na));
  const along = a.reduce((sum, x, j) => sum + x * b[j]!, 0);
  b.forEach((x, j) => (b[j] = x - along * a[j]!));
  const nb = norm(b);
  b.forEach((x, j) => (b[j] = x / nb));
  const m = [0, 1].map((k) =>
    [a, b].map((v) => v.reduce((sum, x, j) => sum + x * loadings[k]![j]!, 0)),
  );
  // The smaller singular value of the 2 × 2 m is the cosine of the largest principal angle.
  const t = m.flat().reduce((sum, x) => sum + x * x, 0);
  const det = m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]!;
  const cos = Math.sqrt(Math.max(0, (t - Math.sqrt(Math.max(0, t * t - 4 * det * det))) / 2));
  return Math.sqrt(Math.max(0, 1 - cos * cos)) / cos;
};

/** Random small matrices: people who saw some leading answers and voted on a few. */
const matrices = fc
  .record({ p: fc.integer({ min: 4, max: 12 }), n: fc.integer({ min: 6, max: 25 }) })
  .chain(({ p, n }) =>
    fc
      .array(
        fc.record({
          seen: fc.integer({ min: 0, max: p }),
          votes: fc.uniqueArray(
            fc.tuple(fc.integer({ min: 0, max: p - 1 }), fc.constantFrom(0.5, 1)),
            { selector: ([col]) => col, minLength: 1, maxLength: p },
          ),
        }),
        { minLength: n, maxLength: n },
      )
      .map((rows): VoteMatrix => ({
        columns: Array.from({ length: p }, (_, j) => `a${j}`),
        ordinals: Array.from({ length: p }, (_, j) => j),
        people: rows.map((row) => person(row.seen, row.votes)),
      })),
  );

describe('the opinion map’s PCA', () => {
  it('finds the components ml-pca’s SVD finds on the imputed matrix', () => {
    fc.assert(
      fc.property(matrices, (matrix) => {
        const dense = imputed(denseVotes(matrix));
        const reference = new PCA(dense, { center: true, scale: false });
        const eigen = reference.getEigenvalues();
        // The plane of the two components is defined where the third eigenvalue stands
        // apart from the second, and the components within it where the first two differ;
        // and 100 iterations reach it from the fixed start where the start's angle to it,
        // closed by λ3 / λ2 each time, ends far under the precision asked.
        const loadings = reference.getLoadings().to2DArray();
        const defined =
          eigen[1]! > 1e-9 &&
          (eigen[2] ?? 0) <= 0.9 * eigen[1]! &&
          eigen[1]! <= 0.99 * eigen[0]! &&
          ((eigen[2] ?? 0) / eigen[1]!) ** 100 * startTangent(loadings, matrix.columns.length) <
            1e-7;
        const model = fitPca(matrix);
        if (defined) {
          for (const k of [0, 1]) {
            const along = model.comps[k]!.reduce((sum, v, j) => sum + v * loadings[k]![j]!, 0);
            expect(Math.abs(along)).toBeCloseTo(1, 5);
          }
        }
        const means = reference
          .getStandardDeviations()
          .map((_, j) => dense.reduce((sum, row) => sum + row[j]!, 0) / dense.length);
        means.forEach((mean, j) => expect(model.center[j]).toBeCloseTo(mean, 9));
      }),
      { numRuns: 200 },
    );
  });

  it('places a person from the votes they cast, pushed out by sqrt(answers / votes), as Pol.is does', () => {
    fc.assert(
      fc.property(matrices, (matrix) => {
        const model = fitPca(matrix);
        const place = projector(model);
        const votes = denseVotes(matrix);
        const p = matrix.columns.length;
        matrix.people.forEach((someone, i) => {
          const cast = votes[i]!.flatMap((v, j) => (v === null ? [] : [[j, v] as const]));
          const along = (k: 0 | 1) =>
            cast.reduce((sum, [j, v]) => sum + (v - model.center[j]!) * model.comps[k][j]!, 0) *
            Math.sqrt(p / cast.length);
          const [x, y] = place(someone);
          expect(x).toBeCloseTo(along(0), 9);
          expect(y).toBeCloseTo(along(1), 9);
        });
      }),
      { numRuns: 100 },
    );
  });
});
