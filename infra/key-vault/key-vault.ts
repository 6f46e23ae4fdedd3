/**
 * Per-person encryption keys, kept outside the event log. Deleting a person's key
 * erases every piece of their personal data sealed with it (crypto-shredding).
 */
export type KeyVault = {
  /** The subject's key, created on first use. */
  keyFor(subjectId: string): Promise<Buffer>;
  /** The subject's key, or null once it was destroyed. */
  find(subjectId: string): Promise<Buffer | null>;
  destroy(subjectId: string): Promise<void>;
};
