// `npm start`: API + UI + ws + projections on one port. The UI and the server are built first
// where their sources are newer (vite; esbuild, under a second), and the server runs as
// JavaScript: compiling TypeScript at every start (tsx) tripled the time to a healthy /healthz
// and added 70 MiB of RSS. Stack traces still name the TypeScript source (source maps).
import { spawn } from 'node:child_process';
import { heapFlags } from './node-flags.mjs';
import { ensureServerBuilt } from './server-build.mjs';
import { ensureUiBuilt } from './ui-build.mjs';

let flags;
try {
  flags = heapFlags();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
ensureUiBuilt();
const main = ensureServerBuilt();
const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...flags, main, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
