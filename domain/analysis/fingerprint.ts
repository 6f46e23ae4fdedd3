import { tokens } from './words';

/**
 * A fingerprint of an answer's words (case, punctuation and spacing ignored): two answers
 * with the same fingerprint are copies. Two FNV-1a hashes, 64 bits together, so the text
 * itself is never kept to compare.
 */
export const fingerprintOf = (text: string): string => {
  const normalized = tokens(text).join(' ');
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < normalized.length; i++) {
    const code = normalized.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
};
