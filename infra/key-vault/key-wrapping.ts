import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/**
 * AES-256-GCM under the key-encryption key. The subject is authenticated with it, so a
 * wrapped key copied onto another subject's row does not open.
 */
export const wrapKey = (kek: Buffer, subject: string, key: Buffer): Buffer => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
};

/** The key inside, or null when this key-encryption key (or subject) does not open it. */
export const unwrapKey = (kek: Buffer, subject: string, wrapped: Buffer): Buffer | null => {
  if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', kek, wrapped.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(subject, 'utf8'));
  decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
};
