// `npm run bench [-- <name>]`: the benchmarks (tests/bench/run.ts) with the heap limit a
// server gets from `npm start`: the rebuild of a million events holds two generations.
import { spawn } from 'node:child_process';
import { heapFlags } from './heap.mjs';

const bench = spawn(
  process.execPath,
  [...heapFlags(), '--import', 'tsx', 'tests/bench/run.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => bench.kill(signal));
bench.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
