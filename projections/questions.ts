import { sharedTopics } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

export type QuestionDoc = Doc & {
  id: number;
  content: string;
  category: string;
  /** The product day it was last the question of the day. */
  day: string;
  submissionId: string | null;
  source: 'bank' | 'admin';
};

/** Questions that have been (or are) the question of the day, by id and by day. */
export const questionsProjection = projection({
  name: 'questions',
  version: 1,
  collections: {
    questions: collection<QuestionDoc>({ key: { day: 1 } }, { key: { id: 1 } }),
  },
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      // A question shown again on a later day moves to that day; the day's previous holder is replaced.
      await db.questions.deleteMany({ day: data.day });
      await db.questions.upsertOne({
        _id: String(data.questionId),
        id: data.questionId,
        content: data.content,
        category: data.category,
        day: data.day,
        submissionId: data.submissionId,
        source: data.source,
      });
      db.notify(sharedTopics.questionToday.name());
      db.notify(sharedTopics.question.name(data.questionId));
    },
  },
});
