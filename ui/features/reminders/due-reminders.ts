import {
  BUILT_IN_REMINDERS,
  BUILT_IN_TITLES,
  fallsOn,
  type ReminderSettings,
} from '../../../domain/contracts/reminders';
import {
  BUILT_IN_BODIES,
  CUSTOM_REMINDER_BODY,
  minuteMayMatch,
  wallClock,
} from '../../../domain/contracts/reminder-clock';

export type DueReminder = {
  /** Names the reminder and the local date: one reminder rings once a day. */
  key: string;
  title: string;
  body: string;
  /** Rings only while today's question is still unanswered. */
  onlyIfUnanswered: boolean;
};

export { minuteMayMatch, wallClock };

/** The reminders that ring at this minute, in the person's own zone. */
export const dueReminders = (settings: ReminderSettings, at: Date): DueReminder[] => {
  if (!settings.enabled) return [];
  const all = [
    ...BUILT_IN_REMINDERS.map((key) => ({
      id: key,
      title: BUILT_IN_TITLES[key],
      body: BUILT_IN_BODIES[key],
      reminder: settings[key],
    })),
    ...settings.custom.map((c) => ({
      id: c.id,
      title: c.title,
      body: CUSTOM_REMINDER_BODY,
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
