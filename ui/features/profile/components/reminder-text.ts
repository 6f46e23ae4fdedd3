import {
  WEEKDAYS,
  type Reminder,
  type ReminderFrequency,
  type Weekday,
} from '../../../../domain/contracts/reminders';

export const FREQUENCY_LABELS: Record<ReminderFrequency, string> = {
  daily: 'Daily',
  weekdays: 'Weekdays only',
  weekends: 'Weekends only',
  weekly: 'Weekly',
};

export const weekdayLabel = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

export const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: weekdayLabel(day) }));

/** "09:00" → "9:00 AM", as the spec writes times. */
export const clockTime = (time: string) => {
  const hours = Number(time.slice(0, 2));
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${time.slice(3)} ${suffix}`;
};

/** "Sundays 7:00 PM", "Weekdays 9:00 AM", "9:00 AM" for a daily one. */
export const whenText = (reminder: Reminder) => {
  const at = clockTime(reminder.time);
  switch (reminder.frequency) {
    case 'daily':
      return at;
    case 'weekdays':
      return `Weekdays ${at}`;
    case 'weekends':
      return `Weekends ${at}`;
    case 'weekly':
      return `${weekdayLabel(reminder.weekday ?? 'sunday')}s ${at}`;
  }
};
