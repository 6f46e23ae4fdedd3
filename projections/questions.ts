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

/** A question an admin wrote that has not been a question of the day (yet). */
export type PlannedQuestionDoc = Doc & {
  id: number;
  content: string;
  category: string;
  status: 'scheduled' | 'draft';
  scheduledFor: string | null;
  submissionId: string | null;
  dateAdded: string;
};

/**
 * Questions that have been (or are) the question of the day, by id and by day; and the ones
 * admins scheduled or drafted, until their day comes.
 */
export const questionsProjection = projection({
  name: 'questions',
  version: 2,
  collections: {
    questions: collection<QuestionDoc>({ key: { day: 1 } }, { key: { id: 1 } }),
    planned_questions: collection<PlannedQuestionDoc>({ key: { dateAdded: -1 } }),
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
      await db.planned_questions.deleteOne({ _id: String(data.questionId) });
      db.notify(sharedTopics.questionToday.name());
      db.notify(sharedTopics.question.name(data.questionId));
    },
    QuestionScheduled: async ({ data }, db) => {
      await db.planned_questions.upsertOne({
        _id: String(data.questionId),
        id: data.questionId,
        content: data.content,
        category: data.category,
        status: 'scheduled',
        scheduledFor: data.scheduledFor,
        submissionId: data.submissionId,
        dateAdded: data.at,
      });
    },
    QuestionDrafted: async ({ data }, db) => {
      await db.planned_questions.upsertOne({
        _id: String(data.questionId),
        id: data.questionId,
        content: data.content,
        category: data.category,
        status: 'draft',
        scheduledFor: null,
        submissionId: data.submissionId,
        dateAdded: data.at,
      });
    },
    ScheduledQuestionEdited: async ({ data }, db) => {
      const scheduled = data.after.scheduledFor ? { status: 'scheduled' } : {};
      await db.planned_questions.updateOne(
        { _id: String(data.questionId) },
        { $set: { ...data.after, ...scheduled } },
      );
    },
    QuestionDeleted: async ({ data }, db) => {
      await db.planned_questions.deleteOne({ _id: String(data.questionId) });
    },
  },
});
