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

/** The reminders that ring at this minute, in the person's own zone. */
export const dueReminders = (settings: ReminderSettings, at: Date): DueReminder[] => {
  if (!settings.enabled) return [];
  const now = wallClock(at, settings.timeZone);
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
  return all
    .filter(({ reminder }) => reminder.enabled && reminder.time === now.time)
    .filter(({ reminder }) => fallsOn(reminder, now.weekday))
    .map(({ id, title, body }) => ({
      key: `${id}:${now.date}`,
      title,
      body,
      onlyIfUnanswered: id === 'streakProtection',
    }));
};
