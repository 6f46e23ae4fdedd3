import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type AuthKeys = {
  /** Signs access and admin tokens. */
  tokenKey: Buffer;
  /** Keys the hash that indexes email addresses, so the log holds no guessable email digest. */
  emailIndexKey: Buffer;
  /** Derives each refresh token from the one it replaces, so a retried exchange is repeatable. */
  refreshKey: Buffer;
  /** Signs known-browser tokens: proof that a browser signed in to an account before. */
  knownBrowserKey: Buffer;
};

const derive = (secret: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `boon:${purpose}`, 32));

export const deriveAuthKeys = (secret: Buffer): AuthKeys => ({
  tokenKey: derive(secret, 'tokens'),
  emailIndexKey: derive(secret, 'email-index'),
  refreshKey: derive(secret, 'refresh-tokens'),
  knownBrowserKey: derive(secret, 'known-browser'),
});

/**
 * AUTH_SECRET when configured (needed when several instances share a log); otherwise a
 * secret created once in the data directory. It must stay stable: email lookups depend on it.
 */
export const loadAuthSecret = (configured: string | undefined, dataDir: string): Buffer => {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
};
