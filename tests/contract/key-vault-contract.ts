import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from '../../infra/auth/sealing';
import type { KeyVault } from '../../infra/key-vault/key-vault';

/** The KeyVault port's contract: one stable key per subject until destroyed, then never again. */
export const describeKeyVaultContract = (
  name: string,
  open: () => Promise<KeyVault & { close?: () => Promise<void> | void }>,
  options: { skipReason?: string } = {},
) => {
  if (options.skipReason) {
    console.warn(`[contract] ${name} key vault skipped: ${options.skipReason}`);
    describe.skip(`KeyVault contract: ${name}`, () => {
      it('runs where the engine is reachable', () => {});
    });
    return;
  }

  describe(`KeyVault contract: ${name}`, () => {
    let vault: KeyVault & { close?: () => Promise<void> | void };
    beforeAll(async () => {
      vault = await open();
    });
    afterAll(async () => {
      await vault.close?.();
    });

    it('creates one 256-bit key per subject and returns the same one after', async () => {
      const subject = randomUUID();
      expect(await vault.find(subject)).toBeNull();
      const key = await vault.keyFor(subject);
      expect(key.length).toBe(32);
      expect((await vault.keyFor(subject)).equals(key)).toBe(true);
      expect((await vault.find(subject))?.equals(key)).toBe(true);
      expect((await vault.keyFor(randomUUID())).equals(key)).toBe(false);
    });

    it('agrees on one key when asked concurrently', async () => {
      const subject = randomUUID();
      const keys = await Promise.all(Array.from({ length: 8 }, () => vault.keyFor(subject)));
      for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    });

    it('shreds: once destroyed, sealed data cannot be opened', async () => {
      const subject = randomUUID();
      const sealed = await seal(vault, subject, 'ada@example.org');
      expect(JSON.stringify(sealed)).not.toContain('ada@example.org');
      expect(await unseal(vault, sealed)).toBe('ada@example.org');
      await vault.destroy(subject);
      expect(await vault.find(subject)).toBeNull();
      expect(await unseal(vault, sealed)).toBeNull();
      await vault.destroy(subject);
    });
  });
};
