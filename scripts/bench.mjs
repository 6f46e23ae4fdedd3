// `npm run bench [-- <name>]`: the benchmarks (tests/bench/run.ts), on Node's default heap
// limit as a server started by `npm start` runs (read models live in their file, not the heap).
import { spawn } from 'node:child_process';

const bench = spawn(
  process.execPath,
  ['--import', 'tsx', 'tests/bench/run.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => bench.kill(signal));
bench.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
