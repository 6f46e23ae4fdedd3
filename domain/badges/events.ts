import { z } from 'zod';
import { defineEvent } from '../shared/events';

/** A person earned a badge: a fact, never taken back, whatever the rules become. */
export const BadgeEarned = defineEvent({
  type: 'BadgeEarned',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    badgeId: z.string().min(1),
    /** The event that earned it. */
    causationId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type BadgeEarnedData = z.infer<typeof BadgeEarned.schema>;
export type BadgeEvent = { type: 'BadgeEarned'; data: BadgeEarnedData };
