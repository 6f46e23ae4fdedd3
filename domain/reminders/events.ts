import { z } from 'zod';
import { REMINDER_FREQUENCIES, WEEKDAYS } from '../contracts/reminders';
import { defineEvent } from '../shared/events';

const reminder = {
  enabled: z.boolean(),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  frequency: z.enum(REMINDER_FREQUENCIES),
  weekday: z.enum(WEEKDAYS).nullable(),
};

/**
 * The whole of a person's reminder settings as they saved them, in their own time zone.
 *
 * v2: the custom reminders (their titles are the person's own words) are sealed with their
 * key, and read as null once they erased their data. v1 settings were written in the clear
 * and keep their titles as written.
 */
export const ReminderSettingsChanged = defineEvent({
  type: 'ReminderSettingsChanged',
  version: 2,
  schema: z.object({
    personId: z.string().min(1),
    enabled: z.boolean(),
    timeZone: z.string().min(1),
    dailyQuestion: z.object(reminder),
    streakProtection: z.object(reminder),
    journalReflection: z.object(reminder),
    custom: z
      .array(z.object({ id: z.string().min(1), title: z.string().min(1), ...reminder }))
      .nullable(),
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => data },
  sealed: { subject: (data) => data.personId, fields: ['custom'] },
});

/**
 * A private calendar feed link was made (or made anew, which ends the previous one). Only the
 * SHA-256 of its secret token is kept: the link itself is shown once, to its owner.
 */
export const CalendarFeedIssued = defineEvent({
  type: 'CalendarFeedIssued',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    tokenHash: z.string().length(64),
    at: z.iso.datetime(),
  }),
});

/** The person ended their calendar feed link: it answers 404 from now on. */
export const CalendarFeedRevoked = defineEvent({
  type: 'CalendarFeedRevoked',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    tokenHash: z.string().length(64),
    at: z.iso.datetime(),
  }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type ReminderEvent =
  | { type: 'ReminderSettingsChanged'; data: Data<typeof ReminderSettingsChanged> }
  | { type: 'CalendarFeedIssued'; data: Data<typeof CalendarFeedIssued> }
  | { type: 'CalendarFeedRevoked'; data: Data<typeof CalendarFeedRevoked> };
