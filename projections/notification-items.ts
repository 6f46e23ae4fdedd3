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

type Items = WriteCollection<NotificationDoc>;

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
    notify(topic: string): void;
  },
  id: string,
  item: NewNotification,
  when: { at: string; position: bigint },
) => {
  if (await isMuted(db.notification_settings, item.personId, item.kind)) return;
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
  const beyond = await db.notification_items.find(
    { personId: item.personId },
    { sort: { order: -1 }, skip: INBOX_KEEP, limit: 20 },
  );
  if (beyond.length > 0) {
    await db.notification_items.deleteMany({ _id: { $in: beyond.map((doc) => doc._id) } });
  }
  db.notify(inboxTopic(item.personId));
};

/** Takes notifications away (their cause is gone), telling each inbox that changed. */
export const withdraw = async (
  db: { notification_items: Items; notify(topic: string): void },
  filter: Record<string, unknown>,
) => {
  const gone = await db.notification_items.find(filter);
  if (gone.length === 0) return;
  await db.notification_items.deleteMany({ _id: { $in: gone.map((doc) => doc._id) } });
  for (const personId of new Set(gone.map((doc) => doc.personId))) {
    db.notify(inboxTopic(personId));
  }
};
