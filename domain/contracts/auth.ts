import { z } from 'zod';

/** The message people see when a field is missing at sign-in or sign-up. */
export const MISSING_CREDENTIALS =
  'You must provide either an email or phone number and a password';
export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ error: MISSING_CREDENTIALS })
  .trim()
  .min(1, MISSING_CREDENTIALS)
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));
const password = z
  .string({ error: MISSING_CREDENTIALS })
  .min(1, MISSING_CREDENTIALS)
  .max(1024, 'Password must be at most 1024 characters');

export const userMetadata = z.strictObject({
  display_name: z.string().trim().min(1, 'display_name cannot be empty').max(80).optional(),
  confirmed: z.boolean({ error: 'confirmed must be true or false' }).optional(),
});

export const signUpBody = z.strictObject({
  email,
  password: password.refine((p) => p.length >= PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  }),
  data: userMetadata.optional(),
});

/** OWASP's device cookie: proof this browser signed in to the account before (kept across sign-out). */
const knownBrowserToken = z
  .string({ error: 'known_browser_token must be a string' })
  .max(200, 'known_browser_token is too long')
  .optional();

export const signInBody = z.strictObject({
  email,
  password,
  known_browser_token: knownBrowserToken,
});

/** A link's token: the account it is for, a dot, and the secret. */
const linkToken = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'token is required')
  .max(200, 'This link is not one we sent.');

/** What the browser that signed up keeps, to complete that sign-up by the mailed link. */
const signUpToken = z
  .string({ error: 'signup_token must be a string' })
  .max(200, 'signup_token is too long')
  .optional();

/**
 * Following a verification link: the browser that signed up sends its sign-up token; any
 * other browser chooses the password (the link proves the address, nothing more).
 */
export const verifyBody = z.strictObject({
  token: linkToken,
  signup_token: signUpToken,
  password: z
    .string({ error: 'password must be a string' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(1024, 'Password must be at most 1024 characters')
    .optional(),
});
/** Following a one-time sign-in link. */
export const signInLinkBody = z.strictObject({ token: linkToken });
export const emailOnlyBody = z.strictObject({ email });
export const resetBody = z.strictObject({
  token: linkToken,
  password: signUpBody.shape.password,
});

export const refreshBody = z.strictObject({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1).max(512),
});

export const updateUserBody = z.strictObject({
  data: z.strictObject({
    display_name: z.string({ error: 'display_name is required' }).trim().min(1).max(80),
    confirmed: z.boolean({ error: 'confirmed must be true or false' }),
  }),
});

/** An admin's one-time sign-in link (made on the server's machine): the name and its secret. */
export const adminLinkBody = z.strictObject({
  username: z.string({ error: 'username is required' }).trim().min(1).max(200),
  token: linkToken,
});
/** Asks, on the server's machine, for an admin's one-time sign-in link. */
export const adminLinkRequestBody = z.strictObject({
  username: z.string({ error: 'username is required' }).trim().min(1).max(200),
});

export const adminLoginBody = z.strictObject({
  username: z.string({ error: 'Username and password are required' }).trim().min(1).max(200),
  password: z.string({ error: 'Username and password are required' }).min(1).max(1024),
  known_browser_token: knownBrowserToken,
});

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
