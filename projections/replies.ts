import type { ModerationReason, Visibility } from '../domain/contracts/reports';
import { sharedTopics } from '../domain/contracts/topics';
import { mentionedNames, withoutMention } from '../domain/replies/rules';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

export type ReplyDoc = Doc & {
  responseId: string;
  questionId: number;
  /** Internal: marks the caller's own replies; never sent to a client. */
  authorId: string;
  pseudonym: string;
  content: string;
  dateAdded: string;
  /** The thread's order and its page cursor: the reply's log position, zero-padded. */
  order: string;
  /** Who sees it: others only while `visible`; its author while it stands (held, hidden). */
  visibility: Visibility;
  /** Why a moderator or a hold keeps it from others, while one does. */
  moderationReason: ModerationReason | null;
};

/** `_id` is `replyId~name`: a standing reply @-mentions this name. */
type MentionDoc = Doc & { replyId: string; name: string };

/** `_id` is `personId~name`: a person wrote under this name, so others may mention them by it. */
type WriterDoc = Doc & { personId: string; name: string };

/** The standing replies to each response. */
export const repliesProjection = projection({
  name: 'replies',
  // 5: what others see (`visibility`), reported replies hidden by a moderator or held.
  version: 5,
  collections: {
    replies: collection<ReplyDoc>(
      { key: { responseId: 1, visibility: 1, order: 1 } },
      { key: { authorId: 1, dateAdded: 1 } },
    ),
    reply_mentions: collection<MentionDoc>({ key: { name: 1 } }, { key: { replyId: 1 } }),
    reply_writers: collection<WriterDoc>({ key: { personId: 1 } }),
  },
  on: {
    ResponseSubmitted: async ({ data }, db) => {
      if (!data.pseudonym) return;
      await db.reply_writers.upsertOne({
        _id: `${data.authorId}~${data.pseudonym}`,
        personId: data.authorId,
        name: data.pseudonym,
      });
    },
    ReplyPosted: async ({ data, position }, db) => {
      // Written by someone who has since erased their data: nothing to keep.
      if (data.content === null) return;
      await db.replies.upsertOne({
        _id: data.replyId,
        responseId: data.responseId,
        questionId: data.questionId,
        authorId: data.authorId,
        pseudonym: data.pseudonym,
        content: data.content,
        dateAdded: data.at,
        order: String(position).padStart(20, '0'),
        visibility: 'visible',
        moderationReason: null,
      });
      if (data.pseudonym) {
        await db.reply_writers.upsertOne({
          _id: `${data.authorId}~${data.pseudonym}`,
          personId: data.authorId,
          name: data.pseudonym,
        });
      }
      for (const name of mentionedNames(data.content)) {
        await db.reply_mentions.upsertOne({
          _id: `${data.replyId}~${name}`,
          replyId: data.replyId,
          name,
        });
      }
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    ItemVisibilityChanged: async ({ data }, db) => {
      if (data.target.kind !== 'reply') return;
      const visible = data.visibility === 'visible';
      const changed = await db.replies.updateOne(
        { _id: data.target.id },
        { $set: { visibility: data.visibility, moderationReason: visible ? null : data.reason } },
      );
      if (changed > 0 && data.questionId !== null) {
        db.notify(sharedTopics.responses.name(data.questionId));
      }
    },
    ReplyDeleted: async ({ data }, db) => {
      await db.replies.deleteOne({ _id: data.replyId });
      await db.reply_mentions.deleteMany({ replyId: data.replyId });
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.replies.find({ authorId: data.personId });
      await db.replies.deleteMany({ authorId: data.personId });
      for (const reply of theirs) await db.reply_mentions.deleteMany({ replyId: reply._id });
      const touched = new Set(theirs.map((doc) => doc.questionId));
      // Others' replies keep their words, but no longer name them: the names they wrote
      // under are released, and may be someone else's tomorrow.
      const names = await db.reply_writers.find({ personId: data.personId });
      for (const { name } of names) {
        for (const mention of await db.reply_mentions.find({ name })) {
          const reply = await db.replies.findOne({ _id: mention.replyId });
          if (reply) {
            await db.replies.updateOne(
              { _id: reply._id },
              { $set: { content: withoutMention(reply.content, name) } },
            );
            touched.add(reply.questionId);
          }
        }
        await db.reply_mentions.deleteMany({ name });
      }
      await db.reply_writers.deleteMany({ personId: data.personId });
      for (const questionId of touched) db.notify(sharedTopics.responses.name(questionId));
    },
  },
});
