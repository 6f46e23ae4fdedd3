import { createHash } from 'node:crypto';
import ical, { ICalAlarmType, ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import {
  BUILT_IN_REMINDERS,
  BUILT_IN_TITLES,
  fallsOn,
  type Reminder,
  type ReminderSettings,
} from '../../domain/contracts/reminders';

const BY_DAY = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
];

const DESCRIPTIONS: Record<string, string> = {
  dailyQuestion: 'Today’s question is waiting for you on Boon.',
  streakProtection:
    'Only if you have not answered today’s question yet: answer it on Boon to keep your streak.',
  journalReflection: 'Take a few quiet minutes to write in your private journal on Boon.',
};

const byDayOf = (reminder: Reminder): ICalWeekday[] | undefined => {
  switch (reminder.frequency) {
    case 'daily':
      return undefined;
    case 'weekdays':
      return BY_DAY.slice(1, 6);
    case 'weekends':
      return [ICalWeekday.SA, ICalWeekday.SU];
    case 'weekly':
      return BY_DAY.filter((_, day) => fallsOn(reminder, day));
  }
};

/** The calendar date of the moment in the zone, as UTC midnight of that date. */
const localDate = (at: Date, timeZone: string): Date => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
};

/** The first local date from today on which the reminder falls: DTSTART agrees with its RRULE. */
const firstDate = (reminder: Reminder, today: Date): string => {
  for (let offset = 0; offset < 7; offset++) {
    const day = new Date(today.getTime() + offset * 86_400_000);
    if (fallsOn(reminder, day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
  return today.toISOString().slice(0, 10);
};

const addMinutes = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes;
  const capped = Math.min(total, 23 * 60 + 59);
  return `${String(Math.floor(capped / 60)).padStart(2, '0')}:${String(capped % 60).padStart(2, '0')}`;
};

export type ZoneDefinition = { tzid: string; vtimezone: string };

/**
 * The zone's definition for the feed (RFC 5545 wants a VTIMEZONE for every TZID used), from
 * the IANA database as the library ships it, under the library's own name for the zone (an
 * alias such as `US/Eastern` is written as `America/New_York`); null for a zone it lacks.
 */
export const ianaZoneDefinition = (timeZone: string): ZoneDefinition | null => {
  // Intl accepts any spelling (`america/new_york`); the library only the database's own.
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  const block = tzlib_get_ical_block(canonical);
  if (!Array.isArray(block) || !block[0] || !block[1]?.startsWith('TZID=')) return null;
  return { tzid: block[1].slice('TZID='.length), vtimezone: `${block[0]}\r\n` };
};

/**
 * A person's reminders as an iCalendar feed: one recurring event per reminder that is on, at
 * its time in the person's own zone, with an alarm at the start. Event ids are derived from the
 * person's id by a one-way hash: nothing in the feed names or identifies them.
 */
export const reminderCalendar = (
  personId: string,
  settings: ReminderSettings,
  now: Date,
  definitionOf: (timeZone: string) => ZoneDefinition | null = ianaZoneDefinition,
) => {
  const zone = definitionOf(settings.timeZone);
  const calendar = ical({
    name: 'Boon reminders',
    prodId: { company: 'Boon', product: 'Reminders', language: 'EN' },
    ttl: 60 * 60,
    ...(zone
      ? {
          timezone: {
            name: null,
            generator: (tzid: string) => (tzid === zone.tzid ? zone.vtimezone : null),
          },
        }
      : {}),
  });
  if (!settings.enabled) return calendar.toString();
  const today = localDate(now, settings.timeZone);
  const entries = [
    ...BUILT_IN_REMINDERS.map((key) => ({
      key,
      title: BUILT_IN_TITLES[key],
      description: DESCRIPTIONS[key] ?? '',
      reminder: settings[key],
    })),
    ...settings.custom.map((custom) => ({
      key: `custom-${custom.id}`,
      title: custom.title,
      description: 'A reminder you set on Boon.',
      reminder: custom,
    })),
  ];
  for (const { key, title, description, reminder } of entries) {
    if (!reminder.enabled) continue;
    const date = firstDate(reminder, today);
    const byDay = byDayOf(reminder);
    const uid = createHash('sha256').update(`boon-reminder:${personId}:${key}`).digest('hex');
    const end = addMinutes(reminder.time, 15);
    calendar.createEvent({
      id: `${uid.slice(0, 32)}@boon`,
      stamp: now,
      start: `${date}T${reminder.time}:00`,
      end: `${date}T${end}:00`,
      // In the zone by name where it has a definition; else floating: the same wall-clock
      // time wherever the calendar is (RFC 5545 3.3.5), which needs no VTIMEZONE.
      ...(zone ? { timezone: zone.tzid } : { floating: true }),
      summary: title,
      description,
      repeating: {
        freq: byDay ? ICalEventRepeatingFreq.WEEKLY : ICalEventRepeatingFreq.DAILY,
        ...(byDay ? { byDay } : {}),
      },
      alarms: [{ type: ICalAlarmType.display, trigger: 0, description: title }],
    });
  }
  return calendar.toString();
};
