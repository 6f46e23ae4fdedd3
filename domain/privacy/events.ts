import { z } from 'zod';
import { defineEvent } from '../shared/events';

/**
 * A person asked for their data to be deleted: their key is destroyed (sealed fields become
 * unreadable), and every read model forgets what they wrote. Every projection that keeps a
 * person's content handles it.
 */
export const PersonErased = defineEvent({
  type: 'PersonErased',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type PersonErasedData = z.infer<typeof PersonErased.schema>;
