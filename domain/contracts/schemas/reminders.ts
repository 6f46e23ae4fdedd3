import { z } from 'zod';
import {
  CUSTOM_REMINDERS_MAX,
  isTimeZone,
  REMINDER_FREQUENCIES,
  REMINDER_TITLE_MAX,
  WEEKDAYS,
  type ReminderFrequency,
  type Weekday,
} from '../reminders';
import { readReminderTitle } from '../../reminders/rules';

const time = z
  .string({ error: 'time must be a string' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM, from 00:00 to 23:59');

const reminderFields = {
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  time,
  frequency: z.enum(REMINDER_FREQUENCIES, {
    error: `frequency must be one of ${REMINDER_FREQUENCIES.join(', ')}`,
  }),
  weekday: z
    .enum(WEEKDAYS, { error: `weekday must be one of ${WEEKDAYS.join(', ')}` })
    .nullable()
    .optional(),
};

type WithWeekday = { frequency: ReminderFrequency; weekday?: Weekday | null | undefined };

/** A weekly reminder names its day; any other frequency carries none. */
const weekdayRule = <T extends WithWeekday>(value: T, ctx: z.RefinementCtx) => {
  if (value.frequency === 'weekly' && !value.weekday) {
    ctx.addIssue({
      code: 'custom',
      path: ['weekday'],
      message: 'a weekly reminder needs a weekday',
    });
  }
};

const normalized = <T extends WithWeekday>(value: T) => ({
  ...value,
  weekday: value.frequency === 'weekly' ? (value.weekday ?? null) : null,
});

/** A title is one line of free text, under the rule every free text follows. */
const titleText = (value: string, ctx: z.RefinementCtx) => {
  const { text, problem } = readReminderTitle(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return text;
};

const reminderBody = z.strictObject(reminderFields).superRefine(weekdayRule).transform(normalized);

const customReminderBody = z
  .strictObject({
    /** Kept across saves so a calendar keeps the same event; a new one gets an id from Boon. */
    id: z
      .string({ error: 'id must be a string' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1 to 64 letters, digits, - or _')
      .optional(),
    title: z
      .string({ error: 'title must be a string' })
      .transform(titleText)
      .pipe(
        z
          .string()
          .max(REMINDER_TITLE_MAX, `title must be at most ${REMINDER_TITLE_MAX} characters`),
      ),
    ...reminderFields,
  })
  .superRefine(weekdayRule)
  .transform(normalized);

/**
 * What the answers carry beside the settings: accepted and ignored, so a client may send
 * back what it read with one field changed.
 */
const readOnly = {
  calendarFeed: z.unknown().optional(),
  position: z.unknown().optional(),
};

export const reminderSettingsBody = z
  .strictObject({
    ...readOnly,
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    timeZone: z
      .string({ error: 'timeZone must be a string' })
      .max(64, 'timeZone is too long')
      .refine(isTimeZone, 'timeZone must be an IANA time zone, like Europe/Berlin'),
    dailyQuestion: reminderBody,
    streakProtection: reminderBody,
    journalReflection: reminderBody,
    custom: z
      .array(customReminderBody, { error: 'custom must be a list of reminders' })
      .max(CUSTOM_REMINDERS_MAX, `at most ${CUSTOM_REMINDERS_MAX} custom reminders`)
      .refine(
        (list) =>
          new Set(list.flatMap((r) => (r.id ? [r.id] : []))).size ===
          list.filter((r) => r.id).length,
        'custom reminder ids must be unique',
      ),
  })
  .transform(({ calendarFeed: _calendarFeed, position: _position, ...settings }) => settings);
