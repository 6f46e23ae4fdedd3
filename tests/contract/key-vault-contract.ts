import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from '../../infra/auth/sealing';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import { FIND_MANY_CHUNK, KeyVaultLockedError } from '../../infra/key-vault/wrapped-vault';

export type OpenedVault = KeyVault & { close?: () => Promise<void> | void };

/** One adapter's storage, opened as often as a test likes with a given key-encryption key. */
export type KeyVaultHarness = {
  open(kek: Buffer): Promise<OpenedVault>;
  /** Every byte the storage holds, to look for keys in the clear. */
  storedBytes(): Promise<Buffer>;
  dispose(): Promise<void>;
};

/**
 * The KeyVault port's contract: one stable key per subject until destroyed, then never again;
 * keys stored only wrapped by the key-encryption key, and a vault that refuses any other.
 */
export const describeKeyVaultContract = (
  name: string,
  harness: () => Promise<KeyVaultHarness>,
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
    const kek = randomBytes(32);
    let storage: KeyVaultHarness;
    let vault: OpenedVault;
    beforeAll(async () => {
      storage = await harness();
      vault = await storage.open(kek);
    });
    afterAll(async () => {
      await vault.close?.();
      await storage.dispose();
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

    it('finds many keys at once: each kept one, null for a destroyed or unknown subject, past a chunk', async () => {
      // More subjects than one query asks for (FIND_MANY_CHUNK), some named twice.
      const subjects = Array.from({ length: FIND_MANY_CHUNK + 5 }, () => randomUUID());
      const imported = await vault.importKeys(
        subjects.map((subject) => ({ subject, key: randomBytes(32) })),
      );
      expect(imported).toBe(subjects.length);
      const destroyed = subjects[FIND_MANY_CHUNK + 2]!;
      await vault.destroy(destroyed);
      const unknown = randomUUID();
      const asked = [...subjects, unknown, subjects[0]!, subjects[FIND_MANY_CHUNK + 1]!];
      const found = await vault.findMany(asked);
      expect(found.size).toBe(subjects.length + 1);
      expect(found.get(destroyed)).toBeNull();
      expect(found.get(unknown)).toBeNull();
      for (const subject of [subjects[0]!, subjects[FIND_MANY_CHUNK - 1]!, subjects.at(-1)!]) {
        expect(found.get(subject)?.equals((await vault.find(subject))!)).toBe(true);
      }
      expect([...found.values()].filter((key) => key === null)).toHaveLength(2);
      expect(await vault.findMany([])).toEqual(new Map());
    });

    it('stores no key in the clear: only wrapped by the key-encryption key', async () => {
      const keys = await Promise.all([randomUUID(), randomUUID()].map((s) => vault.keyFor(s)));
      const stored = await storage.storedBytes();
      for (const key of keys) expect(stored.includes(key)).toBe(false);
    });

    it('opens again with the same key-encryption key, and refuses any other', async () => {
      const subject = randomUUID();
      const key = await vault.keyFor(subject);
      const again = await storage.open(kek);
      expect((await again.find(subject))?.equals(key)).toBe(true);
      await again.close?.();
      await expect(storage.open(randomBytes(32))).rejects.toBeInstanceOf(KeyVaultLockedError);
    });

    it('lists its subjects in order, page by page, without a destroyed one', async () => {
      const prefix = `list-${randomUUID()}-`;
      const subjects = ['c', 'a', 'e', 'b', 'd'].map((s) => `${prefix}${s}`);
      for (const subject of subjects) await vault.keyFor(subject);
      await vault.destroy(`${prefix}d`);
      const listed: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: string[] = await vault.listSubjects(after, 2);
        if (page.length === 0) break;
        listed.push(...page);
        after = page.at(-1)!;
      }
      const mine = listed.filter((s) => s.startsWith(prefix));
      expect(mine).toEqual(['a', 'b', 'c', 'e'].map((s) => `${prefix}${s}`));
      expect([...listed].sort()).toEqual(listed);
    });

    it('takes in keys kept elsewhere, keeping a key it already has', async () => {
      const known = randomUUID();
      const kept = await vault.keyFor(known);
      const moved = { subject: randomUUID(), key: randomBytes(32) };
      const imported = await vault.importKeys([moved, { subject: known, key: randomBytes(32) }]);
      expect(imported).toBe(1);
      expect((await vault.find(moved.subject))?.equals(moved.key)).toBe(true);
      expect((await vault.find(known))?.equals(kept)).toBe(true);
    });
  });
};
