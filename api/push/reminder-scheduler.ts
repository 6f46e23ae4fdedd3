import { wallClock } from '../../domain/contracts/reminder-clock';
import { fallsOn } from '../../domain/contracts/reminders';
import { currentStreak } from '../../domain/progress/streaks';
import { productDayOf, type DayRules } from '../../domain/shared/product-day';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { ReadModels } from '../../projections/engine/read-models';
import { progressProjection } from '../../projections/progress';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import { reminderScheduleProjection } from '../../projections/reminder-schedule';
import {
  fenced,
  OUTBOX,
  reminderEntryId,
  WORKER_STATE,
  type OutboxDoc,
  type WorkerStateDoc,
} from './outbox';

const MINUTE = 60_000;
/** Minutes missed while no process ran the scheduler that still ring when one starts. */
export const REMINDER_CATCH_UP_MINUTES = 30;
/** A sent reminder's entry outlives its day in every zone: it rings once per day. */
const KEPT_AFTER_DUE_MS = 2 * 24 * 60 * MINUTE;
/** Lookups of many people at once. */
const IN_CHUNK = 500;

type Due = { personId: string; reminderId: string; day: string };

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / IN_CHUNK) }, (_, i) =>
    items.slice(i * IN_CHUNK, (i + 1) * IN_CHUNK),
  );

/** Who of these has at least one device subscribed. */
const withDevices = async (readModels: ReadModels, personIds: readonly string[]) => {
  const subscriptions = readModels.of(pushSubscriptionsProjection).push_subscriptions;
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(personIds)])) {
    for (const doc of await subscriptions.find({ personId: { $in: chunk } })) {
      found.add(doc.personId);
    }
  }
  return found;
};

/** A streak to protect: one under way, and today's question not answered yet. */
const streakAtRisk = async (readModels: ReadModels, personId: string, today: string) => {
  const progress = readModels.of(progressProjection);
  const person = await progress.progress_people.findOne({ _id: personId });
  if (currentStreak(person?.latest ?? null, today) === 0) return false;
  return (await progress.streak_days.findOne({ _id: `${personId}:${today}` })) === null;
};

/** Every reminder that rings at this minute (in its person's zone) on a subscribed device. */
export const remindersDueAt = async (
  readModels: ReadModels,
  minute: Date,
  dayRules: DayRules,
): Promise<Due[]> => {
  const schedule = readModels.of(reminderScheduleProjection);
  const zones = await schedule.reminder_zones.find({ slots: { $gt: 0 } });
  const due: Due[] = [];
  for (const { _id: timeZone } of zones) {
    const local = wallClock(minute, timeZone);
    for (const slot of await schedule.reminder_slots.find({ timeZone, time: local.time })) {
      if (fallsOn(slot, local.weekday)) {
        due.push({ personId: slot.personId, reminderId: slot.reminderId, day: local.date });
      }
    }
  }
  if (due.length === 0) return [];
  const reachable = await withDevices(
    readModels,
    due.map((d) => d.personId),
  );
  const today = productDayOf(minute, dayRules);
  const kept: Due[] = [];
  for (const entry of due) {
    if (!reachable.has(entry.personId)) continue;
    if (entry.reminderId === 'streakProtection') {
      if (!(await streakAtRisk(readModels, entry.personId, today))) continue;
    }
    kept.push(entry);
  }
  return kept;
};

/**
 * Schedules every minute from the last one scheduled up to now (bounded: a reminder more than
 * half an hour late is not sent), each minute's reminders and the minute itself in one fenced
 * unit of work: a minute is scheduled once, by one process, whatever restarts. A reminder
 * already scheduled today (its time moved later since) is not scheduled again.
 */
export const scheduleReminders = async (work: {
  store: ReadStore;
  readModels: ReadModels;
  lease: Lease;
  now: Date;
  dayRules: DayRules;
}) => {
  const { store, readModels, lease } = work;
  const current = Math.floor(work.now.getTime() / MINUTE) * MINUTE;
  const state = await store.collection<WorkerStateDoc>(WORKER_STATE).findOne({ _id: 'reminders' });
  const last = state?.minute ?? current - MINUTE;
  let scheduled = 0;
  for (
    let minute = Math.max(last, current - REMINDER_CATCH_UP_MINUTES * MINUTE) + MINUTE;
    minute <= current;
    minute += MINUTE
  ) {
    const due = await remindersDueAt(readModels, new Date(minute), work.dayRules);
    scheduled += await fenced(store, lease, async (tx) => {
      const outbox = tx.collection<OutboxDoc>(OUTBOX);
      let added = 0;
      for (const chunk of chunks(due)) {
        const ids = chunk.map((d) => reminderEntryId(d.personId, d.reminderId, d.day));
        const known = new Set((await outbox.find({ _id: { $in: ids } })).map((doc) => doc._id));
        for (const [i, entry] of chunk.entries()) {
          if (known.has(ids[i]!)) continue;
          await outbox.insertOne({
            _id: ids[i]!,
            personId: entry.personId,
            kind: 'reminder',
            reminderId: entry.reminderId,
            day: entry.day,
            dueAt: minute,
            state: 'pending',
            attempts: 0,
            sentTo: [],
            keepUntil: minute + KEPT_AFTER_DUE_MS,
          });
          added++;
        }
      }
      await tx.collection<WorkerStateDoc>(WORKER_STATE).upsertOne({ _id: 'reminders', minute });
      return added;
    });
  }
  return scheduled;
};
