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
  version: 1,
  schema: z.object({ emailHash: sha256Hex, accountId: z.string().min(1), at: z.iso.datetime() }),
});

export const AccountSignedUp = defineEvent({
  type: 'AccountSignedUp',
  version: 1,
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
    at: z.iso.datetime(),
  }),
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
  version: 1,
  schema: z.object({
    sessionId: z.string().min(1),
    username: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export const AdminSignedOut = defineEvent({
  type: 'AdminSignedOut',
  version: 1,
  schema: z.object({ sessionId: z.string().min(1), at: z.iso.datetime() }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type EmailEvent = { type: 'EmailReserved'; data: Data<typeof EmailReserved> };
export type AccountEvent =
  | { type: 'AccountSignedUp'; data: Data<typeof AccountSignedUp> }
  | { type: 'AccountMetadataUpdated'; data: Data<typeof AccountMetadataUpdated> };
export type SessionEvent =
  | { type: 'SessionStarted'; data: Data<typeof SessionStarted> }
  | { type: 'SessionRefreshed'; data: Data<typeof SessionRefreshed> }
  | { type: 'SessionRevoked'; data: Data<typeof SessionRevoked> };
export type AdminEvent =
  | { type: 'AdminSignedIn'; data: Data<typeof AdminSignedIn> }
  | { type: 'AdminSignedOut'; data: Data<typeof AdminSignedOut> };
