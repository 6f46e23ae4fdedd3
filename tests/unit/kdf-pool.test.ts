import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createKdfPool,
  KdfBusyError,
  KdfClosedError,
  type KdfPool,
} from '../../infra/auth/kdf-pool';
import { hashPassword, scryptOnThreadPool, verifyPassword } from '../../infra/auth/passwords';

const options = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

let pool: KdfPool;
afterEach(async () => {
  await pool.close();
});

describe('the key-derivation pool', () => {
  it('derives what scrypt derives, off the shared thread pool', async () => {
    pool = createKdfPool({ workers: 1 });
    const salt = randomBytes(16);
    const [inPool, direct] = await Promise.all([
      pool.derive('pässword', salt, 32, options),
      scryptOnThreadPool('pässword', salt, 32, options),
    ]);
    expect(inPool.equals(direct)).toBe(true);
    const stored = await hashPassword('a passphrase', 2 ** 10, pool.derive);
    expect(await verifyPassword('a passphrase', stored)).toBe(true);
    expect(await verifyPassword('another', stored, pool.derive)).toBe(false);
  });

  it('refuses at once, with a wait, when its queue is full', async () => {
    pool = createKdfPool({ workers: 1, maxQueued: 2 });
    const salt = randomBytes(16);
    const accepted = [1, 2, 3].map(() => pool.derive('pw', salt, 32, options));
    const refused = pool.derive('pw', salt, 32, options);
    await expect(refused).rejects.toBeInstanceOf(KdfBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    const keys = await Promise.all(accepted);
    expect(keys).toHaveLength(3);
    // Room again once the queue drained.
    await expect(pool.derive('pw', salt, 32, options)).resolves.toHaveLength(32);
  });

  it('reports a bad parameter as a failure of that job only', async () => {
    pool = createKdfPool({ workers: 1 });
    const salt = randomBytes(16);
    await expect(pool.derive('pw', salt, 32, { ...options, N: 3 })).rejects.toThrow();
    await expect(pool.derive('pw', salt, 32, options)).resolves.toHaveLength(32);
  });

  it('ends the work under way and queued with KdfClosedError when closed, and takes no more', async () => {
    pool = createKdfPool({ workers: 1 });
    const salt = randomBytes(16);
    const cut = [1, 2].map(() =>
      pool.derive('pw', salt, 32, options).then(
        () => 'derived',
        (error: unknown) => error,
      ),
    );
    await pool.close();
    for (const outcome of await Promise.all(cut)) expect(outcome).toBeInstanceOf(KdfClosedError);
    await expect(pool.derive('pw', salt, 32, options)).rejects.toBeInstanceOf(KdfClosedError);
  });
});
