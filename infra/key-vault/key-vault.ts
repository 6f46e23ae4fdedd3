/**
 * Per-person encryption keys, kept outside the event log. Deleting a person's key
 * erases every piece of their personal data sealed with it (crypto-shredding).
 */
export type KeyVault = {
  /** The subject's key, created on first use. */
  keyFor(subjectId: string): Promise<Buffer>;
  /** The subject's key, or null once it was destroyed. */
  find(subjectId: string): Promise<Buffer | null>;
  /**
   * Each subject's key, or null once destroyed, in a few round trips however many there are
   * (a page of the log names thousands): one query per subject would queue past the pool's
   * wait limit.
   */
  findMany(subjectIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  destroy(subjectId: string): Promise<void>;
  /**
   * Takes in keys kept elsewhere before (a migration). A subject that already has a key keeps
   * it. Answers how many were taken in.
   */
  importKeys(keys: readonly PersonalKey[]): Promise<number>;
  /** Subjects holding a key, in order, after `after` (a migration copies them page by page). */
  listSubjects(after: string | null, limit: number): Promise<string[]>;
};

export type PersonalKey = { subject: string; key: Buffer };
