import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../private-files';
import { KEY_BYTES } from './key-wrapping';

/** 32 bytes written as 64 hex digits or as base64 / base64url; null for anything else. */
export const parseKeyEncryptionKey = (text: string): Buffer | null => {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  return bytes?.length === KEY_BYTES ? bytes : null;
};

export type KeyEncryptionKeySource =
  | { kind: 'value'; key: Buffer }
  /** A file holding the key; created (0600) with a random key when missing. */
  | { kind: 'file'; file: string };

/** A secret mounted read-only (a compose or Kubernetes secret) stays as it was given. */
const tightenUnlessMounted = (file: string) => {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EROFS' && code !== 'EPERM') throw error;
  }
};

/**
 * The key that wraps every personal key. From configuration in production; otherwise a file
 * made on first start, which should live apart from the data it protects (its default place
 * in DATA_DIR keeps it out of the log's file and its backups, not off the machine).
 */
export const loadKeyEncryptionKey = (source: KeyEncryptionKeySource): Buffer => {
  if (source.kind === 'value') return source.key;
  const { file } = source;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: PRIVATE_FILE_MODE,
    });
  }
  tightenUnlessMounted(file);
  const key = parseKeyEncryptionKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits or base64)`);
  return key;
};
