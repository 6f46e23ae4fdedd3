import { PASSWORD_MIN_LENGTH } from '../contracts/auth';

/** Passwords guessed first in every credential-stuffing list; refusing them costs nobody much. */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '87654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'letmein1',
  'abc12345',
  'abcdefgh',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon12',
  'monkey12',
  'master12',
  'changeme',
  'boonboon',
]);

/**
 * Why a password is too weak to protect an account (empty when it is fine). Length is
 * checked by the request contract; these are the reasons beyond it.
 */
export const weakPasswordReasons = (password: string, email: string): string[] => {
  const reasons: string[] = [];
  const lower = password.toLowerCase();
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (password.length >= PASSWORD_MIN_LENGTH && new Set(password).size < 4) {
    reasons.push('it repeats too few different characters');
  }
  if (COMMON.has(lower)) reasons.push('it is one of the most common passwords');
  if (local.length >= 4 && lower.includes(local)) reasons.push('it contains your email name');
  return reasons;
};
