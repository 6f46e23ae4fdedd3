import { z } from 'zod';
import { defineEvent } from '../shared/events';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Personal data sealed with the person's own key, which lives outside the log:
 * destroying the key erases the data without rewriting history.
 */
export const sealedSchema = z.object({
  keyId: z.string().min(1),
  iv: z.string().min(1),
  tag: z.string().min(1),
  ciphertext: z.string().min(1),
});
export type Sealed = z.infer<typeof sealedSchema>;

export const EmailReserved = defineEvent({
  type: 'EmailReserved',
  version: 2,
  schema: z.object({
    emailHash: sha256Hex,
    accountId: z.string().min(1),
    /** Whether the address still has to be proven by its emailed link (v2; sign-up is email-first). */
    requiresVerification: z.boolean(),
    at: z.iso.datetime(),
  }),
  // v1 reservations came from sign-ups that signed in at once: they count as proven.
  upcasters: { 1: (data) => ({ ...(data as object), requiresVerification: false }) },
});

/** The person holding the address followed a link mailed to it. */
export const EmailVerified = defineEvent({
  type: 'EmailVerified',
  version: 1,
  schema: z.object({
    emailHash: sha256Hex,
    accountId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

const oneTimeLink = z.object({
  accountId: z.string().min(1),
  /** SHA-256 of the link's secret: the secret itself only ever travels in the mail. */
  tokenHash: sha256Hex,
  expiresAt: z.iso.datetime(),
  at: z.iso.datetime(),
});

export const EmailVerificationRequested = defineEvent({
  type: 'EmailVerificationRequested',
  version: 1,
  schema: oneTimeLink,
});

export const PasswordResetRequested = defineEvent({
  type: 'PasswordResetRequested',
  version: 1,
  schema: oneTimeLink,
});

export const PasswordReset = defineEvent({
  type: 'PasswordReset',
  version: 1,
  schema: z.object({
    accountId: z.string().min(1),
    /** The link spent: every reset link of the account stops working. */
    tokenHash: sha256Hex,
    /** The new scrypt hash, sealed like the first. */
    passwordHash: sealedSchema,
    /** Every session started before this event (by log position) ends. */
    at: z.iso.datetime(),
  }),
});

export const AccountSignedUp = defineEvent({
  type: 'AccountSignedUp',
  version: 2,
  schema: z.object({
    accountId: z.string().min(1),
    /** The identity the account acts as: a fresh one, or the signing-up device's own. */
    userId: z.string().min(1),
    emailHash: sha256Hex,
    email: sealedSchema,
    /** The scrypt hash with its salt, sealed like the email: shredded on erasure. */
    passwordHash: sealedSchema,
    displayName: z.string().min(1).nullable(),
    confirmed: z.boolean(),
    /**
     * SHA-256 of the sign-up token only the browser that signed up holds (v2). With it, that
     * browser completes the sign-up by the mailed link as started; anyone else following a
     * link chooses the password there. Null for v1 sign-ups, which no browser can complete.
     */
    signUpTokenHash: sha256Hex.nullable(),
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), signUpTokenHash: null }) },
});

/**
 * The address's owner followed a mailed link in a browser that did not start the sign-up and
 * chose the password there: the password given at sign-up (perhaps a stranger's) is gone, and
 * the account starts on a fresh identity (never the identity of the device that signed up).
 */
export const SignUpPasswordChosen = defineEvent({
  type: 'SignUpPasswordChosen',
  version: 1,
  schema: z.object({
    accountId: z.string().min(1),
    userId: z.string().min(1),
    passwordHash: sealedSchema,
    at: z.iso.datetime(),
  }),
});

/**
 * A link mailed to the account's address was followed to complete its sign-up: the first
 * request to follow one did (with the password it brought, `SignUpPasswordChosen`, in the same
 * append); any other following it then is refused, and sets nothing. A link mailed afterwards
 * (the completion died before the address was marked proven) may complete it again.
 */
export const SignUpLinkFollowed = defineEvent({
  type: 'SignUpLinkFollowed',
  version: 1,
  schema: z.object({ accountId: z.string().min(1), at: z.iso.datetime() }),
});

/** A one-time sign-in link was mailed to the account's proven address. */
export const SignInLinkRequested = defineEvent({
  type: 'SignInLinkRequested',
  version: 1,
  schema: oneTimeLink,
});

/** A sign-in link was followed: it signed a browser in, and works no more. */
export const SignInLinkUsed = defineEvent({
  type: 'SignInLinkUsed',
  version: 1,
  schema: z.object({ accountId: z.string().min(1), tokenHash: sha256Hex, at: z.iso.datetime() }),
});

export const AccountMetadataUpdated = defineEvent({
  type: 'AccountMetadataUpdated',
  version: 1,
  schema: z.object({
    accountId: z.string().min(1),
    /** An unconfirmed account takes on the identity of the device that completes its setup. */
    userId: z.string().min(1),
    displayName: z.string().min(1),
    confirmed: z.boolean(),
    at: z.iso.datetime(),
  }),
});

export const SessionStarted = defineEvent({
  type: 'SessionStarted',
  version: 1,
  schema: z.object({
    familyId: z.string().min(1),
    accountId: z.string().min(1),
    /** SHA-256 of the refresh token's secret. */
    tokenHash: sha256Hex,
    at: z.iso.datetime(),
  }),
});

export const SessionRefreshed = defineEvent({
  type: 'SessionRefreshed',
  version: 1,
  schema: z.object({ familyId: z.string().min(1), tokenHash: sha256Hex, at: z.iso.datetime() }),
});

export const SessionRevoked = defineEvent({
  type: 'SessionRevoked',
  version: 1,
  schema: z.object({
    familyId: z.string().min(1),
    reason: z.enum(['signout', 'reuse']),
    at: z.iso.datetime(),
  }),
});

export const AdminSignedIn = defineEvent({
  type: 'AdminSignedIn',
  version: 2,
  schema: z.object({
    sessionId: z.string().min(1),
    username: z.string().min(1),
    /** How the admin proved who they are (v2): their password, or a one-time sign-in link. */
    method: z.enum(['password', 'link']),
    /** The link spent, when signed in by one: it works no more. */
    linkTokenHash: sha256Hex.nullable(),
    at: z.iso.datetime(),
  }),
  upcasters: {
    1: (data) => ({ ...(data as object), method: 'password', linkTokenHash: null }),
  },
});

/**
 * Whoever runs Boon made a one-time sign-in link for an admin on the server's own machine:
 * the admin's way in that no guesser elsewhere can use.
 */
export const AdminSignInLinkIssued = defineEvent({
  type: 'AdminSignInLinkIssued',
  version: 1,
  schema: z.object({
    username: z.string().min(1),
    tokenHash: sha256Hex,
    expiresAt: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
});

export const AdminSignedOut = defineEvent({
  type: 'AdminSignedOut',
  version: 1,
  schema: z.object({ sessionId: z.string().min(1), at: z.iso.datetime() }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type EmailEvent =
  | { type: 'EmailReserved'; data: Data<typeof EmailReserved> }
  | { type: 'EmailVerified'; data: Data<typeof EmailVerified> };
export type AccountEvent =
  | { type: 'AccountSignedUp'; data: Data<typeof AccountSignedUp> }
  | { type: 'SignUpPasswordChosen'; data: Data<typeof SignUpPasswordChosen> }
  | { type: 'SignUpLinkFollowed'; data: Data<typeof SignUpLinkFollowed> }
  | { type: 'SignInLinkRequested'; data: Data<typeof SignInLinkRequested> }
  | { type: 'SignInLinkUsed'; data: Data<typeof SignInLinkUsed> }
  | { type: 'AccountMetadataUpdated'; data: Data<typeof AccountMetadataUpdated> }
  | { type: 'EmailVerificationRequested'; data: Data<typeof EmailVerificationRequested> }
  | { type: 'PasswordResetRequested'; data: Data<typeof PasswordResetRequested> }
  | { type: 'PasswordReset'; data: Data<typeof PasswordReset> };
export type SessionEvent =
  | { type: 'SessionStarted'; data: Data<typeof SessionStarted> }
  | { type: 'SessionRefreshed'; data: Data<typeof SessionRefreshed> }
  | { type: 'SessionRevoked'; data: Data<typeof SessionRevoked> };
export type AdminEvent =
  | { type: 'AdminSignedIn'; data: Data<typeof AdminSignedIn> }
  | { type: 'AdminSignedOut'; data: Data<typeof AdminSignedOut> }
  | { type: 'AdminSignInLinkIssued'; data: Data<typeof AdminSignInLinkIssued> };
