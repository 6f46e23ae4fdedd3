import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Owner-only: personal data and secrets are nobody else's business on a shared machine. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder owner-only, and tightens one an older version created world-readable. */
export const ensurePrivateDirectory = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  chmodSync(dir, PRIVATE_DIRECTORY_MODE);
};

/** Creates the file owner-only if missing (so nothing written to it is ever readable by others). */
export const ensurePrivateFile = (file: string): void => {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
};

/** Tightens files another program created beside ours (an older version's SQLite WAL, say). */
export const tightenIfPresent = (file: string): void => {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
};
