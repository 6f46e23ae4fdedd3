import { z } from 'zod';
import { MISSING_CREDENTIALS, PASSWORD_MIN_LENGTH } from '../auth';

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
