import type { ReplyDeletedData, ReplyPostedData } from '../domain/replies/events';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';
import { responseTopics } from './responses-by-question';

export type ReplyDoc = Doc & {
  responseId: string;
  questionId: number;
  /** Internal: marks the caller's own replies; never sent to a client. */
  authorId: string;
  pseudonym: string;
  content: string;
  dateAdded: string;
};

/** The standing replies to each response. */
export const repliesProjection: Projection = {
  name: 'replies',
  version: 1,
  collections: ['replies'],
  handles: ['ReplyPosted', 'ReplyDeleted'],
  async apply(event, context) {
    const replies = context.collection<ReplyDoc>('replies');
    if (event.type === 'ReplyPosted') {
      const data = event.data as ReplyPostedData;
      await replies.upsertOne({
        _id: data.replyId,
        responseId: data.responseId,
        questionId: data.questionId,
        authorId: data.authorId,
        pseudonym: data.pseudonym,
        content: data.content,
        dateAdded: data.at,
      });
      context.notify(responseTopics.forQuestion(data.questionId));
    } else {
      const data = event.data as ReplyDeletedData;
      await replies.deleteOne({ _id: data.replyId });
      context.notify(responseTopics.forQuestion(data.questionId));
    }
  },
};
