import { pseudonymKey } from '../domain/identity/pseudonyms';
import { mentionedNames } from '../domain/replies/rules';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';
import {
  deliver,
  inboxTopic,
  isMuted,
  notificationId,
  orderOf,
  takeAway,
  withdraw,
  type InboxSizeDoc,
  type NewNotification,
  type NotificationDoc,
  type NotificationSettingsDoc,
} from './notification-items';

export type { NotificationDoc } from './notification-items';

/** `_id` is the answer's id: whose it is, so replies and echoes reach them. */
type AnswerDoc = Doc & { authorId: string; questionId: number };
/** `_id` is `responseId~personId`: someone replied under this answer. */
type ThreadDoc = Doc & { responseId: string; personId: string; lastAt: string };
/** `_id` is the pseudonym's key: who goes by this name, so a mention reaches them. */
type NameDoc = Doc & { personId: string; name: string };

/** A reply reaches at most this many others in its discussion (the latest to reply there). */
export const THREAD_FAN_OUT = 20;

const collections = {
  notification_items: collection<NotificationDoc>(
    { key: { personId: 1, order: -1 } },
    { key: { personId: 1, read: 1 } },
    { key: { order: 1 } },
    { key: { actorId: 1 } },
    { key: { responseId: 1 } },
    { key: { replyId: 1 } },
  ),
  notification_settings: collection<NotificationSettingsDoc>(),
  notification_inbox_sizes: collection<InboxSizeDoc>(),
  notification_answers: collection<AnswerDoc>({ key: { authorId: 1 } }),
  notification_threads: collection<ThreadDoc>(
    { key: { responseId: 1, lastAt: -1 } },
    { key: { personId: 1 } },
  ),
  notification_names: collection<NameDoc>({ key: { personId: 1 } }),
};

type Db = ProjectionDb<typeof collections>;

const rememberName = async (db: Db, personId: string, name: string) => {
  if (!name.trim()) return;
  await db.notification_names.upsertOne({ _id: pseudonymKey(name), personId, name });
};

/**
 * Everyone a reply concerns, each once: the answer's author, others who replied in the
 * discussion, and whoever it @-mentions by name. Never the replier.
 */
const replyRecipients = async (
  db: Db,
  reply: { responseId: string; authorId: string; content: string },
) => {
  const reached = new Map<string, Pick<NewNotification, 'kind' | 'thread'>>();
  const answer = await db.notification_answers.findOne({ _id: reply.responseId });
  if (answer && answer.authorId !== reply.authorId) {
    reached.set(answer.authorId, { kind: 'reply', thread: 'answer' });
  }
  const discussion = await db.notification_threads.find(
    { responseId: reply.responseId },
    { sort: { lastAt: -1 }, limit: THREAD_FAN_OUT + 1 },
  );
  for (const { personId } of discussion) {
    if (personId !== reply.authorId && !reached.has(personId)) {
      reached.set(personId, { kind: 'reply', thread: 'discussion' });
    }
  }
  for (const name of mentionedNames(reply.content)) {
    const named = await db.notification_names.findOne({ _id: pseudonymKey(name) });
    if (named && named.personId !== reply.authorId && !reached.has(named.personId)) {
      reached.set(named.personId, { kind: 'mention', thread: null });
    }
  }
  return reached;
};

/**
 * Each person's inbox, built from the events that exist: replies to their answers and in
 * discussions they joined, mentions, echoes of their answers (one line per answer: "5 people
 * echoed your answer"), badges earned, and their submitted questions approved or used. A new
 * kind is one more handler that calls `deliver`. Muted kinds stay out; read marks are the
 * person's own event. Erasure takes a person's inbox, and every notification they caused.
 */
export const notificationsProjection = projection({
  name: 'notifications',
  // 2: each inbox's size kept beside it (a new notification asks for the oldest only past it).
  version: 2,
  collections,
  on: {
    DeviceRegistered: ({ data }, db) => rememberName(db, data.userId, data.pseudonym),
    DeviceLinkedToAccount: ({ data }, db) => rememberName(db, data.userId, data.pseudonym),
    ResponseSubmitted: async ({ data }, db) => {
      await db.notification_answers.upsertOne({
        _id: data.responseId,
        authorId: data.authorId,
        questionId: data.questionId,
      });
      await rememberName(db, data.authorId, data.pseudonym);
    },
    ResponseDeleted: async ({ data }, db) => {
      await db.notification_answers.deleteOne({ _id: data.responseId });
      await db.notification_threads.deleteMany({ responseId: data.responseId });
      await withdraw(db, { responseId: data.responseId });
    },
    ReplyPosted: async ({ data, position }, db) => {
      // Written by someone who has since erased their data: nothing of it is left to tell.
      if (data.content === null) return;
      await rememberName(db, data.authorId, data.pseudonym);
      const recipients = await replyRecipients(db, { ...data, content: data.content });
      await db.notification_threads.upsertOne({
        _id: `${data.responseId}~${data.authorId}`,
        responseId: data.responseId,
        personId: data.authorId,
        lastAt: data.at,
      });
      for (const [personId, { kind, thread }] of recipients) {
        await deliver(
          db,
          notificationId(kind, data.replyId, personId),
          {
            personId,
            kind,
            thread: thread ?? null,
            actorId: data.authorId,
            actor: data.pseudonym || 'Anonymous',
            questionId: data.questionId,
            responseId: data.responseId,
            replyId: data.replyId,
          },
          { at: data.at, position },
        );
      }
    },
    ReplyDeleted: ({ data }, db) => withdraw(db, { replyId: data.replyId }),
    EchoGiven: async ({ data, position }, db) => {
      const answer = await db.notification_answers.findOne({ _id: data.responseId });
      if (!answer || answer.authorId === data.actorId) return;
      const id = notificationId('echo', data.responseId);
      const group = await db.notification_items.findOne({ _id: id });
      if (group && (await isMuted(db.notification_settings, group.personId, 'echo'))) return;
      if (!group) {
        await deliver(
          db,
          id,
          {
            personId: answer.authorId,
            kind: 'echo',
            questionId: answer.questionId,
            responseId: data.responseId,
          },
          { at: data.at, position },
        );
        return;
      }
      // One more echo brings the answer's line back to the top, unread.
      await db.notification_items.updateOne(
        { _id: id },
        { $inc: { count: 1 }, $set: { at: data.at, order: orderOf(position), read: 0 } },
      );
      db.notify(inboxTopic(group.personId));
    },
    EchoWithdrawn: async ({ data }, db) => {
      const id = notificationId('echo', data.responseId);
      const group = await db.notification_items.findOne({ _id: id });
      if (!group) return;
      if (group.count <= 1) {
        await takeAway(db, group);
        return;
      }
      await db.notification_items.updateOne({ _id: id }, { $inc: { count: -1 } });
      db.notify(inboxTopic(group.personId));
    },
    BadgeEarned: ({ data, position }, db) =>
      deliver(
        db,
        notificationId('badge', data.personId, data.badgeId),
        { personId: data.personId, kind: 'badge', badgeId: data.badgeId },
        { at: data.at, position },
      ),
    SubmissionReviewed: async ({ data, position }, db) => {
      // Only a review that approves tells (its fields read as null once the author erased).
      if (!data.authorId || data.after?.status !== 'approved') return;
      if (data.before?.status === 'approved') return;
      await deliver(
        db,
        notificationId('submission', data.submissionId, 'approved'),
        { personId: data.authorId, kind: 'submission', submission: 'approved' },
        { at: data.at, position },
      );
    },
    ContributionUsed: ({ data, position }, db) =>
      deliver(
        db,
        notificationId('submission', data.contributionId, 'used'),
        {
          personId: data.authorId,
          kind: 'submission',
          submission: data.kind === 'suggestion' ? 'used-idea' : 'used-question',
          questionId: data.questionId,
        },
        { at: data.at, position },
      ),
    NotificationSettingsChanged: async ({ data }, db) => {
      await db.notification_settings.upsertOne({
        _id: data.personId,
        muted: data.muted,
        lockScreen: data.lockScreen,
      });
    },
    NotificationsRead: async ({ data }, db) => {
      const filter =
        data.ids === null
          ? { personId: data.personId, read: 0 }
          : { personId: data.personId, _id: { $in: data.ids } };
      await db.notification_items.updateMany(filter, { $set: { read: 1 } });
      db.notify(inboxTopic(data.personId));
    },
    PersonErased: async ({ data }, db) => {
      const { personId } = data;
      await db.notification_items.deleteMany({ personId });
      await db.notification_inbox_sizes.deleteOne({ _id: personId });
      await db.notification_settings.deleteOne({ _id: personId });
      // What they caused in others' inboxes goes with them: their replies, and what was
      // about their answers.
      await withdraw(db, { actorId: personId });
      for (const answer of await db.notification_answers.find({ authorId: personId })) {
        await withdraw(db, { responseId: answer._id });
        await db.notification_threads.deleteMany({ responseId: answer._id });
      }
      await db.notification_answers.deleteMany({ authorId: personId });
      await db.notification_threads.deleteMany({ personId });
      await db.notification_names.deleteMany({ personId });
      db.notify(inboxTopic(personId));
    },
  },
});
