import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Derive } from './kdf-pool';

/** scrypt on libuv's shared thread pool: for tools and baselines, not for request handling. */
export const scryptOnThreadPool: Derive = (password, salt, keyLength, options) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** OWASP's scrypt floor: N = 2^17, r = 8, p = 1 (128 MiB, about a quarter second here). */
export const PRODUCTION_SCRYPT_COST = 2 ** 17;

const MAX_MEMORY = 256 * 1024 * 1024;

const options = (cost: number): ScryptOptions => ({ N: cost, r: 8, p: 1, maxmem: MAX_MEMORY });

/** `scrypt$N$r$p$salt$key`: the parameters travel with the hash, so the cost can rise later. */
export const hashPassword = async (
  password: string,
  cost: number,
  derive: Derive = scryptOnThreadPool,
): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password.normalize('NFKC'), salt, 32, options(cost));
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (
  password: string,
  stored: string,
  derive: Derive = scryptOnThreadPool,
): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY },
  );
  return timingSafeEqual(actual, expected);
};

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (password: string, stored: string) => Promise<boolean>;
  /** A hash of nothing anyone knows, to check unknown emails against at the same cost. */
  decoy: () => Promise<string>;
};

/** Hashing at one cost through one derivation (in the app: the bounded worker pool). */
export const createPasswordHasher = (cost: number, derive: Derive): PasswordHasher => {
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, cost, derive),
    verify: (password, stored) => verifyPassword(password, stored, derive),
    decoy: () => {
      decoy ??= hashPassword(randomBytes(16).toString('base64url'), cost, derive);
      // A busy pool must not leave a rejected promise behind for every later miss.
      decoy.catch(() => (decoy = undefined));
      return decoy;
    },
  };
};
