import { z } from 'zod';
import { defineEvent } from '../shared/events';

const username = z.string().min(1);
const at = z.iso.datetime();

/** An admin added another, with their own password (its scrypt hash with salt, never the password). */
export const AdminAdded = defineEvent({
  type: 'AdminAdded',
  version: 1,
  schema: z.object({ username, passwordHash: z.string().min(1), by: username, at }),
});

/** An admin removed another: their sessions end and they can no longer sign in. */
export const AdminRemoved = defineEvent({
  type: 'AdminRemoved',
  version: 1,
  schema: z.object({ username, by: username, at }),
});

/** Where a refused sign-in came from, never the address itself. */
export const ADDRESS_CLASSES = ['loopback', 'private', 'public'] as const;
export type AddressClass = (typeof ADDRESS_CLASSES)[number];

/**
 * Wrong admin credentials, counted per name tried, address class and hour: written when the
 * count reaches 1, 2, 4, 8, … so a guesser hammering the login grows the log by a handful of
 * events an hour, never one per guess. `failures` is the count at that moment (a lower bound
 * for the hour). `username` is null for a name no admin has: a stranger's typing (perhaps a
 * password typed into the wrong field) never enters the log.
 */
export const AdminSignInFailed = defineEvent({
  type: 'AdminSignInFailed',
  version: 1,
  schema: z.object({
    username: username.nullable(),
    addressClass: z.enum(ADDRESS_CLASSES),
    /** Start of the UTC hour counted in. */
    window: at,
    failures: z.number().int().positive(),
    at,
  }),
});
