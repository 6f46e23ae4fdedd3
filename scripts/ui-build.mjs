// Builds the UI when dist/ui is missing or older than any file it is built from: ui/, the
// shared domain code it imports (contracts, word lists) and the vite config.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { newestIn } from './newest-file.mjs';

export const ensureUiBuilt = () => {
  const built = 'dist/ui/index.html';
  const sources = ['ui', 'vite.config.ts', 'domain'].filter(existsSync);
  const sourceTime = Math.max(...sources.map(newestIn));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return;
  console.log('Building the UI (vite build)…');
  // Always the production build: a build started under a test runner inherits NODE_ENV=test,
  // with which Vite bundles React's development build (slower, every effect run twice).
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
};
