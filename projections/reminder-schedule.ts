import {
  BUILT_IN_REMINDERS,
  type Reminder,
  type ReminderFrequency,
  type Weekday,
} from '../domain/contracts/reminders';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/**
 * `_id` is `personId~reminderId`: one reminder that is on, at its wall-clock time in its
 * person's zone. The scheduler asks, each minute, which reminders fall on each zone's time.
 */
export type ReminderSlotDoc = Doc & {
  personId: string;
  /** A built-in's name (`dailyQuestion`, ...) or a custom reminder's id. */
  reminderId: string;
  builtIn: boolean;
  /** A custom reminder's title (the person's words); null for the built-ins. */
  title: string | null;
  timeZone: string;
  time: string;
  frequency: ReminderFrequency;
  weekday: Weekday | null;
};

/** `_id` is an IANA zone: how many reminders are set in it (the scheduler's list of zones). */
export type ReminderZoneDoc = Doc & { slots: number };

type Slot = { reminderId: string; builtIn: boolean; title: string | null; reminder: Reminder };

/**
 * Every reminder that is on, by zone and minute: what the push scheduler reads. Only saved
 * reminders are here (the defaults a person never saved ring only in an open tab).
 */
export const reminderScheduleProjection = projection({
  name: 'reminder-schedule',
  version: 1,
  collections: {
    reminder_slots: collection<ReminderSlotDoc>(
      { key: { timeZone: 1, time: 1 } },
      { key: { personId: 1 } },
    ),
    reminder_zones: collection<ReminderZoneDoc>({ key: { slots: 1 } }),
  },
  on: {
    ReminderSettingsChanged: async ({ data }, db) => {
      const before = await db.reminder_slots.find({ personId: data.personId });
      await db.reminder_slots.deleteMany({ personId: data.personId });
      const slots: Slot[] = data.enabled
        ? [
            ...BUILT_IN_REMINDERS.map((key) => ({
              reminderId: key,
              builtIn: true,
              title: null,
              reminder: data[key],
            })),
            // Custom reminders read as null once their owner erased their data.
            ...(data.custom ?? []).map((custom) => ({
              reminderId: custom.id,
              builtIn: false,
              title: custom.title,
              reminder: custom,
            })),
          ].filter((slot) => slot.reminder.enabled)
        : [];
      for (const { reminderId, builtIn, title, reminder } of slots) {
        await db.reminder_slots.upsertOne({
          _id: `${data.personId}~${reminderId}`,
          personId: data.personId,
          reminderId,
          builtIn,
          title,
          timeZone: data.timeZone,
          time: reminder.time,
          frequency: reminder.frequency,
          weekday: reminder.weekday,
        });
      }
      const change = new Map<string, number>();
      for (const slot of before) change.set(slot.timeZone, (change.get(slot.timeZone) ?? 0) - 1);
      if (slots.length > 0)
        change.set(data.timeZone, (change.get(data.timeZone) ?? 0) + slots.length);
      for (const [zone, by] of change) {
        if (by !== 0) {
          await db.reminder_zones.updateOne(
            { _id: zone },
            { $inc: { slots: by } },
            { upsert: true },
          );
        }
      }
    },
    PersonErased: async ({ data }, db) => {
      const before = await db.reminder_slots.find({ personId: data.personId });
      await db.reminder_slots.deleteMany({ personId: data.personId });
      for (const slot of before) {
        await db.reminder_zones.updateOne({ _id: slot.timeZone }, { $inc: { slots: -1 } });
      }
    },
  },
});
