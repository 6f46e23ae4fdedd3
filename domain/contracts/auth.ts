/** The message people see when a field is missing at sign-in or sign-up. */
export const MISSING_CREDENTIALS =
  'You must provide either an email or phone number and a password';
export const PASSWORD_MIN_LENGTH = 8;

export type UserDto = {
  id: string;
  email: string | null;
  user_metadata: { display_name: string | null; confirmed: boolean };
  created_at: string;
};

export type SessionDto = {
  access_token: string;
  refresh_token: string;
  /** Seconds the access token lives. */
  expires_in: number;
  /** Unix time (seconds) when the access token expires. */
  expires_at: number;
  token_type: 'bearer';
  user: UserDto;
  /** On sign-in and verification only: keep it across sign-out, send it back at sign-in. */
  known_browser_token?: string;
};

/**
 * The answer to sign-up, resend and recover: the same whether or not the address has an
 * account, so nobody learns who is registered.
 */
export type CheckInboxDto = {
  message: string;
  email: string;
  /** How long the mailed link works, in seconds. */
  link_expires_in: number;
};

export type AdminLoginDto = { token: string; expiresAt: number; known_browser_token: string };
export type AdminVerifyDto = { valid: true; username: string };
