import { createHash } from 'node:crypto';
import {
  INBOX_KEEP,
  type LockScreen,
  type NotificationKind,
} from '../domain/contracts/notifications';
import { personalTopic } from '../domain/contracts/topics';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';

/** One notification in one person's inbox. */
export type NotificationDoc = Doc & {
  /** Whose inbox: internal, never sent. */
  personId: string;
  kind: NotificationKind;
  at: string;
  /** The log position of its last change, zero-padded: the inbox's order and page cursor. */
  order: string;
  /** 1 once read, else 0: indexed fields hold strings, numbers or null (never a boolean). */
  read: 0 | 1;
  /** Who caused it (a replier): internal, so their erasure takes it away. */
  actorId: string | null;
  actor: string | null;
  count: number;
  questionId: number | null;
  responseId: string | null;
  replyId: string | null;
  thread: 'answer' | 'discussion' | null;
  badgeId: string | null;
  submission: 'approved' | 'used-question' | 'used-idea' | null;
};

/**
 * `_id` is the person's id: the kinds they muted (kept out of their inbox from then on), and
 * what a lock screen may show of their pushes.
 */
export type NotificationSettingsDoc = Doc & { muted: string[]; lockScreen: LockScreen };

/** What a notification says of its cause; the rest is filled in. */
export type NewNotification = Pick<NotificationDoc, 'personId' | 'kind'> &
  Partial<
    Pick<
      NotificationDoc,
      | 'actorId'
      | 'actor'
      | 'questionId'
      | 'responseId'
      | 'replyId'
      | 'thread'
      | 'badgeId'
      | 'submission'
    >
  >;

/**
 * A notification's id: the same for the same cause in every rebuild, and nothing of anyone's
 * id can be read from it.
 */
export const notificationId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);

export const orderOf = (position: bigint) => String(position).padStart(20, '0');

export const inboxTopic = (personId: string) =>
  personalTopic.internalName('notifications', personId);

/**
 * `_id` is the person's id: how many notifications their inbox holds, so a new one asks for
 * the oldest to go only when there are more than it keeps (a query after every delivery, and
 * the write it must see, cost a server engine two round trips a notification).
 */
export type InboxSizeDoc = Doc & { n: number };

type Items = WriteCollection<NotificationDoc>;
type Sizes = WriteCollection<InboxSizeDoc>;

/** An inbox gained (or lost, `step` < 0) notifications. */
const resize = async (sizes: Sizes, personId: string, step: number) => {
  const n = ((await sizes.findOne({ _id: personId }))?.n ?? 0) + step;
  if (n > 0) await sizes.upsertOne({ _id: personId, n });
  else await sizes.deleteOne({ _id: personId });
  return n;
};

export const isMuted = async (
  settings: WriteCollection<NotificationSettingsDoc>,
  personId: string,
  kind: NotificationKind,
) => (await settings.findOne({ _id: personId }))?.muted.includes(kind) ?? false;

/** Puts a notification in its person's inbox (unless they muted its kind); the oldest go. */
export const deliver = async (
  db: {
    notification_items: Items;
    notification_settings: WriteCollection<NotificationSettingsDoc>;
    notification_inbox_sizes: Sizes;
    notify(topic: string): void;
  },
  id: string,
  item: NewNotification,
  when: { at: string; position: bigint },
) => {
  if (await isMuted(db.notification_settings, item.personId, item.kind)) return;
  const isNew = (await db.notification_items.findOne({ _id: id })) === null;
  await db.notification_items.upsertOne({
    actorId: null,
    actor: null,
    questionId: null,
    responseId: null,
    replyId: null,
    thread: null,
    badgeId: null,
    submission: null,
    ...item,
    _id: id,
    at: when.at,
    order: orderOf(when.position),
    read: 0,
    count: 1,
  });
  const size = isNew ? await resize(db.notification_inbox_sizes, item.personId, 1) : 0;
  if (size > INBOX_KEEP) {
    const oldest = await db.notification_items.find(
      { personId: item.personId },
      { sort: { order: 1 }, limit: size - INBOX_KEEP },
    );
    await db.notification_items.deleteMany({ _id: { $in: oldest.map((doc) => doc._id) } });
    await resize(db.notification_inbox_sizes, item.personId, -oldest.length);
  }
  db.notify(inboxTopic(item.personId));
};

/** Takes one notification away, by id (the inbox it was in is told). */
export const takeAway = async (
  db: { notification_items: Items; notification_inbox_sizes: Sizes; notify(topic: string): void },
  doc: NotificationDoc,
) => {
  await db.notification_items.deleteOne({ _id: doc._id });
  await resize(db.notification_inbox_sizes, doc.personId, -1);
  db.notify(inboxTopic(doc.personId));
};

/** Takes notifications away (their cause is gone), telling each inbox that changed. */
export const withdraw = async (
  db: { notification_items: Items; notification_inbox_sizes: Sizes; notify(topic: string): void },
  filter: Record<string, unknown>,
) => {
  const gone = await db.notification_items.find(filter);
  if (gone.length === 0) return;
  await db.notification_items.deleteMany({ _id: { $in: gone.map((doc) => doc._id) } });
  const perPerson = new Map<string, number>();
  for (const { personId } of gone) perPerson.set(personId, (perPerson.get(personId) ?? 0) + 1);
  for (const [personId, count] of perPerson) {
    await resize(db.notification_inbox_sizes, personId, -count);
    db.notify(inboxTopic(personId));
  }
};
