// `npm run build:server`: compiles the server and its tools to JavaScript in dist/server (one
// file per program, shared code in chunks beside them), so production runs plain `node` with
// no TypeScript compiler. Types are checked by `npm run check`, not here. Packages stay in
// node_modules (native ones cannot be bundled).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { SERVER_ENTRIES, SERVER_OUT_DIR } from './server-entries.mjs';

const outdir = process.argv[2] ?? SERVER_OUT_DIR;
rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: SERVER_ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node line Boon supports (package.json engines).
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Chunks beside the programs: a module finds a program's file next to its own (the log's
  // writer thread does), whichever file it was bundled into.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`server built into ${outdir}: ${files.length} files in ${Date.now() - started} ms`);
