import { z } from 'zod';

export const REMINDER_FREQUENCIES = ['daily', 'weekdays', 'weekends', 'weekly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** In the order of `Date.getDay()`: index 0 is Sunday. */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const REMINDER_TITLE_MAX = 60;
export const CUSTOM_REMINDERS_MAX = 10;

/** The three reminders everyone has, in the order the Reminders tab lists them. */
export const BUILT_IN_REMINDERS = [
  'dailyQuestion',
  'streakProtection',
  'journalReflection',
] as const;
export type BuiltInReminder = (typeof BUILT_IN_REMINDERS)[number];

export const BUILT_IN_TITLES: Record<BuiltInReminder, string> = {
  dailyQuestion: 'Daily Question',
  streakProtection: 'Streak Protection',
  journalReflection: 'Journal Reflection',
};

/** Whether the runtime knows the IANA time zone (Intl is the judge). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
};

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
      .trim()
      .min(1, 'title is required')
      .max(REMINDER_TITLE_MAX, `title must be at most ${REMINDER_TITLE_MAX} characters`),
    ...reminderFields,
  })
  .superRefine(weekdayRule)
  .transform(normalized);

export const reminderSettingsBody = z.strictObject({
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
        new Set(list.flatMap((r) => (r.id ? [r.id] : []))).size === list.filter((r) => r.id).length,
      'custom reminder ids must be unique',
    ),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsBody>;

export type Reminder = {
  enabled: boolean;
  time: string;
  frequency: ReminderFrequency;
  weekday: Weekday | null;
};
export type CustomReminder = Reminder & { id: string; title: string };

/** A person's reminders, as saved (or the defaults until they save). */
export type ReminderSettings = {
  enabled: boolean;
  timeZone: string;
  dailyQuestion: Reminder;
  streakProtection: Reminder;
  journalReflection: Reminder;
  custom: CustomReminder[];
};

export type ReminderSettingsDto = ReminderSettings & {
  /** Whether a calendar feed link is live; the link itself is shown once, when it is made. */
  calendarFeed: { active: boolean; issuedAt: string | null };
};

export type ReminderSaveResult = ReminderSettingsDto & { position: string | null };

export type CalendarFeedLink = { path: string; issuedAt: string; position: string | null };

/** Everyone starts here: all on, at the spec's times. */
export const defaultReminderSettings = (timeZone: string): ReminderSettings => ({
  enabled: true,
  timeZone,
  dailyQuestion: { enabled: true, time: '09:00', frequency: 'daily', weekday: null },
  streakProtection: { enabled: true, time: '20:00', frequency: 'daily', weekday: null },
  journalReflection: { enabled: true, time: '19:00', frequency: 'weekly', weekday: 'sunday' },
  custom: [],
});

/** Whether a reminder of this frequency falls on the weekday (0 is Sunday). */
export const fallsOn = (reminder: Reminder, weekdayIndex: number): boolean => {
  switch (reminder.frequency) {
    case 'daily':
      return true;
    case 'weekdays':
      return weekdayIndex >= 1 && weekdayIndex <= 5;
    case 'weekends':
      return weekdayIndex === 0 || weekdayIndex === 6;
    case 'weekly':
      return WEEKDAYS[weekdayIndex] === reminder.weekday;
  }
};
