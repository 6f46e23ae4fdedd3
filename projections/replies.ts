import { sharedTopics } from '../domain/contracts/topics';
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
};

/** The standing replies to each response. */
export const repliesProjection = projection({
  name: 'replies',
  version: 3,
  collections: {
    replies: collection<ReplyDoc>(
      { key: { responseId: 1, order: 1 } },
      { key: { authorId: 1, dateAdded: 1 } },
    ),
  },
  on: {
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
      });
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    ReplyDeleted: async ({ data }, db) => {
      await db.replies.deleteOne({ _id: data.replyId });
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.replies.find({ authorId: data.personId });
      await db.replies.deleteMany({ authorId: data.personId });
      for (const questionId of new Set(theirs.map((doc) => doc.questionId))) {
        db.notify(sharedTopics.responses.name(questionId));
      }
    },
  },
});
