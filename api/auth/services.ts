import type { AuthKeys } from '../../infra/auth/secrets';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import type { RateLimiter } from './rate-limiter';

export type AdminCredentials = { username: string; password: string };

/** What sign-in, sessions and admin login need; part of the app context. */
export type AuthServices = {
  keys: AuthKeys;
  vault: KeyVault;
  /** scrypt N; tests lower it, production uses PRODUCTION_SCRYPT_COST. */
  passwordCost: number;
  accessTokenSeconds: number;
  adminTokenSeconds: number;
  /** Null when none are configured: every admin login then fails. */
  admin: AdminCredentials | null;
  limiter: RateLimiter;
};
