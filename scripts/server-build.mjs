// Compiles the server (scripts/build-server.mjs, under a second) when dist/server is missing or
// older than any file it is built from. In a clone only: the image holds no source, and its
// dist/server was built with it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newestIn } from './newest-file.mjs';
import { SERVER_ENTRIES, SERVER_OUT_DIR } from './server-entries.mjs';

const root = resolve(import.meta.dirname, '..');

/** The compiled file of one of the server's programs, built first if its sources are newer. */
export const ensureServerBuilt = (name = 'main') => {
  const built = join(root, SERVER_OUT_DIR, `${name}.js`);
  const sources = [
    'api',
    'domain',
    'infra',
    'projections',
    'package-lock.json',
    'scripts/server-entries.mjs',
    'scripts/build-server.mjs',
  ]
    .map((path) => join(root, path))
    .filter(existsSync);
  if (!existsSync(join(root, SERVER_ENTRIES[name]))) return built;
  const sourceTime = Math.max(...sources.map(newestIn));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return built;
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return built;
};
