// Where a tool may write a file, and how: never onto an engine's file, a file the
// configuration names or into a data folder (whatever --force says), never over an existing
// file unless told --force, always through a temporary file renamed into place, so a failure
// leaves no half-written file under the name.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, parse, resolve, sep } from 'node:path';
import { CONFIG_VARIABLES } from '../../infra/config';
import { KEY_VAULT_FILE, LOG_FILE, READ_MODELS_FILE } from '../stores';
import { CliError } from './cli';

/** Files only an engine or Boon itself writes: a data folder holds at least one of them. */
const ENGINE_FILES = [LOG_FILE, KEY_VAULT_FILE, READ_MODELS_FILE];
const SECRET_FILES = ['key-encryption-key', 'auth-secret'];
/** SQLite's companions of an open database. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

const isEngineName = (name: string) =>
  [...ENGINE_FILES, ...SECRET_FILES].some(
    (file) => name === file || COMPANIONS.some((suffix) => name === `${file}${suffix}`),
  );

/** Whether `dir` holds a Boon data folder's files. */
export const isDataFolder = (dir: string) =>
  ENGINE_FILES.some((file) => existsSync(join(dir, file)));

/** A path through every symbolic link (those of its folder, when it does not exist yet). */
const canonical = (path: string): string => {
  if (existsSync(path)) return realpathSync(path);
  const folder = dirname(resolve(path));
  return existsSync(folder) ? join(realpathSync(folder), basename(path)) : resolve(path);
};

const isInside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}${sep}`);

/** Variables that name a file Boon reads its secrets or keys from (`KEY_ENCRYPTION_KEY_FILE`…). */
const FILE_VARIABLES = CONFIG_VARIABLES.filter((name) => name.endsWith('_FILE'));

/**
 * The variable naming `target` as one of the configuration's files, if one does: by its path
 * through every symbolic link, or as the same file under another name (a hard link).
 */
const namedByConfiguration = (target: string, env: NodeJS.ProcessEnv) => {
  const written = existsSync(target) ? statSync(target) : null;
  return FILE_VARIABLES.find((name) => {
    const file = env[name]?.trim();
    if (!file) return false;
    if (canonical(file) === target) return true;
    if (!written || !existsSync(file)) return false;
    const named = statSync(file);
    return named.dev === written.dev && named.ino === written.ino;
  });
};

export type OutputRules = {
  /** Replace an existing file (never an engine's or a configured one, never in a data folder). */
  force: boolean;
  /** Data folders the tool knows of (DATA_DIR, --data-dir): nothing is written inside them. */
  dataDirs?: readonly string[];
  /** The configuration whose files are never written (the process's environment by default). */
  env?: NodeJS.ProcessEnv;
};

/**
 * The absolute path a tool may write `path` to, or a CliError saying why not: a folder that
 * does not exist, a data folder (named, or any folder holding an engine's file) or anything
 * inside one, an engine's file or a secret by its name or by an open database's companion
 * beside it, a file the configuration names (a key-encryption key or a secret kept anywhere),
 * or an existing file without --force.
 */
export const outputPath = (path: string, rules: OutputRules): string => {
  const given = resolve(path);
  const folder = dirname(given);
  if (!existsSync(folder)) throw new CliError(`${folder} does not exist: create it first`);
  if (!lstatSync(folder).isDirectory()) throw new CliError(`${folder} is not a folder`);
  // Through every symbolic link: the file that would really be written.
  const target = existsSync(given)
    ? realpathSync(given)
    : join(realpathSync(folder), basename(given));
  if (existsSync(target) && !lstatSync(target).isFile()) {
    throw new CliError(`${path} is not a file`);
  }
  for (const dir of rules.dataDirs ?? []) {
    if (isInside(target, canonical(dir))) {
      throw new CliError(`${path} is inside the data folder ${dir}: write it elsewhere`);
    }
  }
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    if (isDataFolder(dir)) {
      throw new CliError(`${path} is inside a data folder (${dir}): write it elsewhere`);
    }
    if (dir === parse(dir).root) break;
  }
  if (
    isEngineName(basename(target)) ||
    COMPANIONS.some((suffix) => existsSync(`${target}${suffix}`))
  ) {
    throw new CliError(`${path} is an engine's file: write it elsewhere`);
  }
  const configured = namedByConfiguration(target, rules.env ?? process.env);
  if (configured) {
    throw new CliError(`${path} is the file ${configured} names: write it elsewhere`);
  }
  if (existsSync(target) && !rules.force) {
    throw new CliError(`${path} exists: choose another name, or --force to replace it`);
  }
  return target;
};

/** A name beside `target` for its content while it is written: unique, hidden, never the target. */
export const temporaryPathFor = (target: string) =>
  join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);

/**
 * Puts a finished temporary file in place: durable first (fsync), then renamed over the target
 * in one step, so the name never holds half a file.
 */
export const moveIntoPlace = async (temporary: string, target: string) => {
  const fd = openSync(temporary, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  await rename(temporary, target);
};

/**
 * Writes `content` (text, bytes, or chunks as they come) to a path `outputPath` accepted,
 * through a temporary file beside it. `mode` applies to a new file (0600 for personal data).
 */
export const writeOutput = async (
  target: string,
  content: string | Uint8Array | AsyncIterable<string | Uint8Array>,
  mode = 0o644,
): Promise<void> => {
  const temporary = temporaryPathFor(target);
  const file = await open(temporary, 'wx', mode);
  try {
    if (typeof content === 'string' || content instanceof Uint8Array) await file.writeFile(content);
    else {
      for await (const chunk of content) {
        await file.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      }
    }
    await file.sync();
    await file.close();
    await rename(temporary, target);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
};
