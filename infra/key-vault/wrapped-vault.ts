import { randomBytes } from 'node:crypto';
import type { KeyVault } from './key-vault';
import { KEY_BYTES, unwrapKey, wrapKey } from './key-wrapping';

/** Where an adapter keeps wrapped keys: it never sees a key in the clear. */
export type WrappedKeyStorage = {
  get(subject: string): Promise<Buffer | null>;
  /** The wrapped keys of those subjects that have one (at most FIND_MANY_CHUNK at a time). */
  getMany(subjects: readonly string[]): Promise<Map<string, Buffer>>;
  /** Stores the wrapped key unless the subject has one already. */
  insertIfAbsent(subject: string, wrapped: Buffer): Promise<void>;
  delete(subject: string): Promise<void>;
  /** Subjects in order after `after`, at most `limit`. */
  list(after: string | null, limit: number): Promise<string[]>;
  /** A value wrapped under the key-encryption key when the vault was first used. */
  getCheck(): Promise<Buffer | null>;
  setCheckIfAbsent(wrapped: Buffer): Promise<void>;
};

export class KeyVaultLockedError extends Error {
  constructor(where: string) {
    super(
      `The key-encryption key does not open the key vault (${where}). Start with the key it ` +
        'was created with (KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE): with another one ' +
        'every sealed email and password would look erased.',
    );
    this.name = 'KeyVaultLockedError';
  }
}

/** The log holds events but the vault is new: every sealed field would read as erased. */
export class KeyVaultMissingError extends Error {
  constructor(where: string) {
    super(
      `The key vault (${where}) is missing or empty, but the log holds events: every sealed ` +
        'answer, email and journal entry would read as erased. Restore the vault from its ' +
        'backup, or start with --new-vault to begin an empty one on purpose.',
    );
    this.name = 'KeyVaultMissingError';
  }
}

const CHECK_SUBJECT = 'key-encryption-key-check';

/** Subjects asked of the storage in one query by `findMany`. */
export const FIND_MANY_CHUNK = 1_000;

/**
 * A vault whose keys are each wrapped by the key-encryption key: the store alone (a copy of
 * its file, a dump of its database) unseals nothing. Opening it with another key-encryption
 * key is refused outright, rather than every person's data looking shredded.
 */
export const wrappedKeyVault = async (
  storage: WrappedKeyStorage,
  kek: Buffer,
  where: string,
  /** `mustExist`: a vault never used before is refused (the log it serves holds events). */
  options: { mustExist?: boolean } = {},
): Promise<KeyVault> => {
  if (kek.length !== KEY_BYTES) throw new Error('The key-encryption key must be 32 bytes');
  if (options.mustExist && !(await storage.getCheck())) throw new KeyVaultMissingError(where);
  await storage.setCheckIfAbsent(wrapKey(kek, CHECK_SUBJECT, Buffer.alloc(KEY_BYTES)));
  const check = await storage.getCheck();
  if (!check || !unwrapKey(kek, CHECK_SUBJECT, check)) throw new KeyVaultLockedError(where);

  const open = (subject: string, wrapped: Buffer | null) => {
    if (!wrapped) return null;
    const key = unwrapKey(kek, subject, wrapped);
    if (!key) throw new Error(`The key of ${subject} in ${where} does not open: it was altered`);
    return key;
  };
  const find = async (subject: string) => open(subject, await storage.get(subject));
  return {
    find,
    findMany: async (subjects) => {
      const found = new Map<string, Buffer | null>();
      const unique = [...new Set(subjects)];
      for (let i = 0; i < unique.length; i += FIND_MANY_CHUNK) {
        const chunk = unique.slice(i, i + FIND_MANY_CHUNK);
        const wrapped = await storage.getMany(chunk);
        for (const subject of chunk)
          found.set(subject, open(subject, wrapped.get(subject) ?? null));
      }
      return found;
    },
    keyFor: async (subject) => {
      const existing = await find(subject);
      if (existing) return existing;
      await storage.insertIfAbsent(subject, wrapKey(kek, subject, randomBytes(KEY_BYTES)));
      return (await find(subject))!;
    },
    destroy: (subject) => storage.delete(subject),
    listSubjects: (after, limit) => storage.list(after, limit),
    importKeys: async (keys) => {
      let imported = 0;
      for (const { subject, key } of keys) {
        if (key.length !== KEY_BYTES || (await storage.get(subject))) continue;
        await storage.insertIfAbsent(subject, wrapKey(kek, subject, key));
        imported++;
      }
      return imported;
    },
  };
};
