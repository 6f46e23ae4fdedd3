import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sealed } from '../../domain/accounts/events';
import type { KeyVault } from '../key-vault/key-vault';

/** AES-256-GCM under the subject's own key. */
export const seal = async (vault: KeyVault, subjectId: string, plain: string): Promise<Sealed> => {
  const key = await vault.keyFor(subjectId);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    keyId: subjectId,
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
  };
};

/** The plain text, or null once the subject's key was destroyed. */
export const unseal = async (vault: KeyVault, sealed: Sealed): Promise<string | null> => {
  const key = await vault.find(sealed.keyId);
  if (!key) return null;
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
};
