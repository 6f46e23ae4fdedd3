// When a build's sources last changed: the newest modification time under a path.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of a file, or of anything under a folder (ms). */
export const newestIn = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestIn(join(path, name))),
    stat.mtimeMs,
  );
};
