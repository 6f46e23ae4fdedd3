// One measurement of the opinion map's computation in a process of its own, so its peak
// memory is its own: `prepare` builds the question's rows only, `compute` also computes the
// map (best of five). Prints JSON.
import { computeOpinionMap } from '../../domain/opinions/opinion-map';
import { voteMatrix } from '../../domain/opinions/vote-matrix';
import { syntheticQuestion } from './opinion-matrix';

const mode = process.argv[2];
const { columns, rows } = syntheticQuestion();
let wallMs = Infinity;
let cpuMs = Infinity;
let groups = 0;
if (mode === 'compute') {
  for (let round = 0; round < 5; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const map = computeOpinionMap(voteMatrix(columns, rows));
    wallMs = Math.min(wallMs, performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
    groups = map.groups.length;
  }
}
process.stdout.write(
  JSON.stringify({ wallMs, cpuMs, groups, maxRssKiB: process.resourceUsage().maxRSS }),
);
