import type { AuthKeys } from '../../infra/auth/secrets';
import type { PasswordHasher } from '../../infra/auth/passwords';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import type { RateLimiter } from './rate-limiter';

export type AdminCredentials = { username: string; password: string };

/** What sign-in, sessions and admin login need; part of the app context. */
export type AuthServices = {
  keys: AuthKeys;
  vault: KeyVault;
  /** scrypt through a bounded worker pool; tests lower the cost. */
  passwords: PasswordHasher;
  accessTokenSeconds: number;
  adminTokenSeconds: number;
  /** Null when none are configured: every admin login then fails. */
  admin: AdminCredentials | null;
  limiter: RateLimiter;
  /** Sign-ups one address may start in an hour (SIGN_UPS_PER_HOUR); absent: the default rule. */
  signUpsPerAddress?: number;
};
