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
export const fallsOn = (
  reminder: Pick<Reminder, 'frequency' | 'weekday'>,
  weekdayIndex: number,
): boolean => {
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
