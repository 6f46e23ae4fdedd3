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

/**
 * The answer to sign-up: check your inbox, plus the sign-up token this browser keeps to
 * complete the sign-up by the link (sent for every address, so nobody learns who is
 * registered; for a taken address it completes nothing).
 */
export type SignUpDto = CheckInboxDto & { signup_token: string };

/** What the server answers when a verification link needs the password chosen with it. */
export const CHOOSE_PASSWORD_TITLE = 'Choose your password';

/** A sign-in link made for an admin on the server's machine. */
export type AdminSignInLinkDto = { username: string; link: string; expiresAt: string };

export type AdminLoginDto = { token: string; expiresAt: number; known_browser_token: string };
export type AdminVerifyDto = { valid: true; username: string };
