import type { CustomReminder, Reminder } from '../domain/contracts/reminders';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is the person's id: their saved reminders and whether a feed link is live. */
export type ReminderSettingsDoc = Doc & {
  saved: {
    enabled: boolean;
    timeZone: string;
    dailyQuestion: Reminder;
    streakProtection: Reminder;
    journalReflection: Reminder;
    custom: CustomReminder[];
  } | null;
  feedIssuedAt: string | null;
};

/** `_id` is the SHA-256 of a live calendar feed token; the token itself is never stored. */
export type CalendarFeedDoc = Doc & { personId: string; issuedAt: string };

/** Each person's reminder settings, and the calendar feed links that are still live. */
export const remindersProjection = projection({
  name: 'reminders',
  version: 1,
  collections: {
    reminder_settings: collection<ReminderSettingsDoc>(),
    calendar_feeds: collection<CalendarFeedDoc>({ key: { personId: 1 } }),
  },
  on: {
    ReminderSettingsChanged: async ({ data }, db) => {
      const { personId, enabled, timeZone, dailyQuestion, streakProtection, journalReflection } =
        data;
      const saved = { enabled, timeZone, dailyQuestion, streakProtection, journalReflection };
      const before = await db.reminder_settings.findOne({ _id: personId });
      await db.reminder_settings.upsertOne({
        _id: personId,
        // Custom reminders read as null once their owner erased their data.
        saved: { ...saved, custom: data.custom ?? [] },
        feedIssuedAt: before?.feedIssuedAt ?? null,
      });
    },
    CalendarFeedIssued: async ({ data }, db) => {
      // A new link ends the previous one.
      await db.calendar_feeds.deleteMany({ personId: data.personId });
      await db.calendar_feeds.upsertOne({
        _id: data.tokenHash,
        personId: data.personId,
        issuedAt: data.at,
      });
      const before = await db.reminder_settings.findOne({ _id: data.personId });
      await db.reminder_settings.upsertOne({
        _id: data.personId,
        saved: before?.saved ?? null,
        feedIssuedAt: data.at,
      });
    },
    CalendarFeedRevoked: async ({ data }, db) => {
      await db.calendar_feeds.deleteMany({ personId: data.personId });
      await db.reminder_settings.updateOne(
        { _id: data.personId },
        { $set: { feedIssuedAt: null } },
      );
    },
    PersonErased: async ({ data }, db) => {
      await db.calendar_feeds.deleteMany({ personId: data.personId });
      await db.reminder_settings.deleteOne({ _id: data.personId });
    },
  },
});
