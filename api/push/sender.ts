import {
  type LockScreen,
  type NotificationKind,
  type PushMessage,
} from '../../domain/contracts/notifications';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { ReadModels } from '../../projections/engine/read-models';
import { notificationsProjection } from '../../projections/notifications';
import {
  pushSubscriptionsProjection,
  type PushSubscriptionDoc,
} from '../../projections/push-subscriptions';
import { reminderScheduleProjection } from '../../projections/reminder-schedule';
import { repliesProjection } from '../../projections/replies';
import { topicOf, type PushDelivery, type PushOptions } from './delivery';
import { inboxMessage, reminderMessage } from './messages';
import { BUDGETS, fenced, OUTBOX, type BudgetDoc, type OutboxDoc } from './outbox';

const HOUR = 60 * 60_000;
/** Entries taken per turn; each turn's results are committed together. */
export const SEND_TURN = 256;
/** Pushes under way at once. */
const IN_FLIGHT = 64;
const MAX_ATTEMPTS = 5;
const RETRY_AFTER_MS = 30_000;
/** A notification newer than this many is told of as "and more". */
const TOLD_AT_ONCE = 20;

const REMINDER_PUSH: Omit<PushOptions, 'topic'> = { ttlSeconds: 60 * 60, urgency: 'normal' };
const INBOX_PUSH: Omit<PushOptions, 'topic'> = { ttlSeconds: 24 * 60 * 60, urgency: 'normal' };

export type SenderSettings = {
  /** Inbox pushes one person gets in an hour at most; what comes meanwhile waits and is told of together. */
  inboxPerHour: number;
};

/** What became of one entry this turn. */
type Result =
  | { kind: 'sent'; entry: OutboxDoc; budget?: BudgetDoc }
  | { kind: 'drop'; entry: OutboxDoc }
  | { kind: 'later'; entry: OutboxDoc; dueAt: number; sentTo: string[]; attempts: number };

type Turn = {
  store: ReadStore;
  readModels: ReadModels;
  lease: Lease;
  now: Date;
  delivery: PushDelivery;
  settings: SenderSettings;
  /** The push service says this device is gone: its person's stream forgets it. */
  expire: (personId: string, endpointHash: string) => Promise<void>;
};

/** What the person lets a lock screen show, and the kinds they no longer want to hear of. */
const settingsOf = async (
  turn: Turn,
  personId: string,
): Promise<{ lockScreen: LockScreen; muted: readonly NotificationKind[] }> => {
  const saved = await turn.readModels
    .of(notificationsProjection)
    .notification_settings.findOne({ _id: personId });
  return {
    lockScreen: saved?.lockScreen ?? 'private',
    muted: (saved?.muted ?? []) as NotificationKind[],
  };
};

/** The inbox push's words, or null when everything new was read meanwhile; or a time to wait for. */
const inboxPush = async (
  turn: Turn,
  entry: OutboxDoc,
): Promise<{ message: PushMessage; budget: BudgetDoc } | { waitUntil: number } | null> => {
  const now = turn.now.getTime();
  const held = await turn.store.collection<BudgetDoc>(BUDGETS).findOne({ _id: entry.personId });
  const recent = (held?.sentAt ?? []).filter((at) => at > now - HOUR);
  if (recent.length >= turn.settings.inboxPerHour) return { waitUntil: recent[0]! + HOUR };
  const { lockScreen, muted } = await settingsOf(turn, entry.personId);
  // A kind muted since it reached the inbox stays there, but is no longer pushed.
  const unread = (
    await turn.readModels
      .of(notificationsProjection)
      .notification_items.find(
        { personId: entry.personId, read: 0, order: { $gt: held?.lastOrder ?? '' } },
        { sort: { order: -1 }, limit: TOLD_AT_ONCE * 5 },
      )
  )
    .filter((doc) => !muted.includes(doc.kind))
    .slice(0, TOLD_AT_ONCE);
  if (unread.length === 0) return null;
  const replyIds = unread.flatMap((doc) => (doc.replyId ? [doc.replyId] : []));
  const replies = replyIds.length
    ? await turn.readModels.of(repliesProjection).replies.find({ _id: { $in: replyIds } })
    : [];
  const texts = new Map(replies.map((reply) => [reply._id, reply.content]));
  const message = inboxMessage(unread, (id) => texts.get(id) ?? null, lockScreen);
  return {
    message,
    budget: {
      _id: entry.personId,
      sentAt: [...recent, now],
      lastOrder: unread[0]!.order,
      keepUntil: now + HOUR,
    },
  };
};

const reminderPush = async (turn: Turn, entry: OutboxDoc): Promise<PushMessage | null> => {
  const slot = await turn.readModels
    .of(reminderScheduleProjection)
    .reminder_slots.findOne({ _id: `${entry.personId}~${entry.reminderId}` });
  // Turned off (or its person erased) since it was scheduled.
  if (!slot) return null;
  return reminderMessage(
    slot,
    entry.day ?? '',
    (await settingsOf(turn, entry.personId)).lockScreen,
  );
};

/** Sends one entry to each of its person's devices it has not reached yet. */
const sendEntry = async (
  turn: Turn,
  entry: OutboxDoc,
  devices: readonly PushSubscriptionDoc[],
): Promise<Result> => {
  if (devices.length === 0) return { kind: 'drop', entry };
  let message: PushMessage | null;
  let budget: BudgetDoc | undefined;
  if (entry.kind === 'inbox') {
    const push = await inboxPush(turn, entry);
    if (push === null) return { kind: 'drop', entry };
    if ('waitUntil' in push) {
      return { kind: 'later', entry, dueAt: push.waitUntil, sentTo: [], attempts: entry.attempts };
    }
    ({ message, budget } = push);
  } else {
    message = await reminderPush(turn, entry);
    if (message === null) return { kind: 'drop', entry };
  }
  const options = {
    ...(entry.kind === 'inbox' ? INBOX_PUSH : REMINDER_PUSH),
    topic: topicOf(message.tag),
  };
  const sentTo = [...entry.sentTo];
  let retry = false;
  for (const device of devices) {
    if (sentTo.includes(device._id)) continue;
    const outcome = await turn.delivery.send(device, message, options);
    if (outcome === 'delivered') sentTo.push(device._id);
    else if (outcome === 'gone') await turn.expire(device.personId, device._id);
    else if (outcome === 'retry') retry = true;
  }
  if (retry && entry.attempts + 1 < MAX_ATTEMPTS) {
    const wait = RETRY_AFTER_MS * 2 ** entry.attempts;
    return {
      kind: 'later',
      entry,
      dueAt: turn.now.getTime() + wait,
      sentTo,
      attempts: entry.attempts + 1,
    };
  }
  return budget ? { kind: 'sent', entry, budget } : { kind: 'sent', entry };
};

/** Writes a turn's results in one fenced unit of work. */
const commit = (turn: Turn, results: readonly Result[]) =>
  fenced(turn.store, turn.lease, async (tx) => {
    const outbox = tx.collection<OutboxDoc>(OUTBOX);
    const budgets = tx.collection<BudgetDoc>(BUDGETS);
    for (const result of results) {
      const { entry } = result;
      if (result.kind === 'later') {
        await outbox.updateOne(
          { _id: entry._id },
          { $set: { dueAt: result.dueAt, sentTo: result.sentTo, attempts: result.attempts } },
        );
      } else if (result.kind === 'sent' && entry.kind === 'reminder') {
        // Kept, sent, until its day is over: it is not scheduled again that day.
        await outbox.updateOne({ _id: entry._id }, { $set: { state: 'sent', sentTo: [] } });
      } else {
        await outbox.deleteOne({ _id: entry._id });
      }
      if (result.kind === 'sent' && result.budget) await budgets.upsertOne(result.budget);
    }
  });

/**
 * One turn of sending: the entries due, oldest first, up to a bounded number, sent side by side
 * a bounded number at a time, then their results committed together (fenced: a process that
 * lost the lease commits nothing, and the next holder sends what was not recorded as sent: at
 * least once, and the topic and tag make a repeat replace the first on the device). Answers
 * how many entries it took: fewer than a turn's worth means nothing more is due.
 */
export const sendDue = async (turn: Turn): Promise<number> => {
  const now = turn.now.getTime();
  const due = await turn.store
    .collection<OutboxDoc>(OUTBOX)
    .find({ state: 'pending', dueAt: { $lte: now } }, { sort: { dueAt: 1 }, limit: SEND_TURN });
  if (due.length === 0) return 0;
  const people = [...new Set(due.map((entry) => entry.personId))];
  const devices = await turn.readModels
    .of(pushSubscriptionsProjection)
    .push_subscriptions.find({ personId: { $in: people } });
  const byPerson = new Map<string, PushSubscriptionDoc[]>();
  for (const device of devices) {
    byPerson.set(device.personId, [...(byPerson.get(device.personId) ?? []), device]);
  }
  const results: Result[] = [];
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const entry = due[next++]!;
      results.push(await sendEntry(turn, entry, byPerson.get(entry.personId) ?? []));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, due.length) }, worker));
  await commit(turn, results);
  return due.length;
};

/** Sent reminders past their day, and budgets past their hour. */
export const sweepOutbox = (store: ReadStore, lease: Lease, now: Date) =>
  fenced(store, lease, async (tx) => {
    const at = now.getTime();
    await tx.collection<OutboxDoc>(OUTBOX).deleteMany({ keepUntil: { $lt: at }, state: 'sent' });
    await tx.collection<BudgetDoc>(BUDGETS).deleteMany({ keepUntil: { $lt: at } });
  });
