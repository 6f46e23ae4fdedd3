import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const derive = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** OWASP's scrypt floor: N = 2^17, r = 8, p = 1 (128 MiB, about a quarter second here). */
export const PRODUCTION_SCRYPT_COST = 2 ** 17;

const options = (cost: number): ScryptOptions => ({
  N: cost,
  r: 8,
  p: 1,
  maxmem: 256 * 1024 * 1024,
});

/** `scrypt$N$r$p$salt$key`: the parameters travel with the hash, so the cost can rise later. */
export const hashPassword = async (password: string, cost: number): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, 32, options(cost));
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
};
