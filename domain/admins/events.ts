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
