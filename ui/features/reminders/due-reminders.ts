import {
  BUILT_IN_REMINDERS,
  BUILT_IN_TITLES,
  fallsOn,
  type ReminderSettings,
} from '../../../domain/contracts/reminders';
import { dateFormatter } from '../../lib/date-format';

export type DueReminder = {
  /** Names the reminder and the local date: one reminder rings once a day. */
  key: string;
  title: string;
  body: string;
  /** Rings only while today's question is still unanswered. */
  onlyIfUnanswered: boolean;
};

const BODIES: Record<string, string> = {
  dailyQuestion: 'Today’s question is waiting for you.',
  streakProtection: 'You have not answered today’s question yet: keep your streak going.',
  journalReflection: 'Take a few quiet minutes for your journal.',
};

const WEEKDAY_INDEX: Record<string, number> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

/** The wall clock in the zone: its date, HH:MM and weekday (0 is Sunday). */
export const wallClock = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    dateFormatter({
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
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

/** The reminders that ring at this minute, in the person's own zone. */
export const dueReminders = (settings: ReminderSettings, at: Date): DueReminder[] => {
  if (!settings.enabled) return [];
  const all = [
    ...BUILT_IN_REMINDERS.map((key) => ({
      id: key,
      title: BUILT_IN_TITLES[key],
      body: BODIES[key] ?? '',
      reminder: settings[key],
    })),
    ...settings.custom.map((c) => ({
      id: c.id,
      title: c.title,
      body: 'Your reminder.',
      reminder: c,
    })),
  ];
  const candidates = all.filter(
    ({ reminder }) => reminder.enabled && minuteMayMatch(reminder.time, at),
  );
  if (candidates.length === 0) return [];
  const now = wallClock(at, settings.timeZone);
  return candidates
    .filter(({ reminder }) => reminder.time === now.time)
    .filter(({ reminder }) => fallsOn(reminder, now.weekday))
    .map(({ id, title, body }) => ({
      key: `${id}:${now.date}`,
      title,
      body,
      onlyIfUnanswered: id === 'streakProtection',
    }));
};
