import type { BuiltInReminder } from './reminders';

/**
 * The reminders' clock, shared by the page that rings them while open and the server that
 * pushes them when it is closed: a zone's wall clock, and what each built-in reminder says.
 */

export const BUILT_IN_BODIES: Record<BuiltInReminder, string> = {
  dailyQuestion: 'Today’s question is waiting for you.',
  streakProtection: 'You have not answered today’s question yet: keep your streak going.',
  journalReflection: 'Take a few quiet minutes for your journal.',
};

/** What a custom reminder says beside its title (the title is the person's own words). */
export const CUSTOM_REMINDER_BODY = 'Your reminder.';

const WEEKDAY_INDEX: Record<string, number> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall clock in the zone: its date, HH:MM and weekday (0 is Sunday). */
export const wallClock = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: WEEKDAY_INDEX[parts.weekday ?? ''] ?? 0,
  };
};

/**
 * Whether a reminder set for `time` (HH:MM) can ring at this minute in any zone. Every zone's
 * offset from UTC is a whole number of quarter hours, so its clock's minute is UTC's, 15, 30 or
 * 45 minutes on. In the other 56 minutes of an hour nothing can ring, and the zone's clock is
 * not asked for: its formatter is the first on a page, and building it loads ICU's data (60–90
 * ms at 4× CPU, on every page of a person with reminders on).
 */
export const minuteMayMatch = (time: string, at: Date) =>
  (Number(time.slice(3, 5)) - at.getUTCMinutes() + 60) % 15 === 0;
