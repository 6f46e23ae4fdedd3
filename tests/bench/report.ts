import { mkdirSync, writeFileSync } from 'node:fs';

export type Figure = {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  baselineName: string;
  /** value / baseline, or baseline / value where lower is better. */
  ratio: number;
  target: string;
  met: boolean;
  note?: string;
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const printFigure = (f: Figure) =>
  console.log(
    `${f.met ? 'MET ' : 'MISS'} ${f.name}: ${f.value.toFixed(1)} ${f.unit} vs ${f.baselineName} ${f.baseline.toFixed(1)} ${f.unit} → ratio ${f.ratio.toFixed(2)} (target ${f.target})${f.note ? `; ${f.note}` : ''}`,
  );

export const writeReport = (figures: Figure[]) => {
  mkdirSync('tests/artifacts', { recursive: true });
  writeFileSync('tests/artifacts/bench.json', JSON.stringify(figures, null, 2));
  console.log('\nSummary');
  console.table(
    figures.map((f) => ({
      benchmark: f.name,
      value: `${f.value.toFixed(1)} ${f.unit}`,
      baseline: `${f.baseline.toFixed(1)} ${f.unit}`,
      ratio: f.ratio.toFixed(2),
      target: f.target,
      result: f.met ? 'MET' : 'MISS',
    })),
  );
};
