import type { QuestionOfTheDayActivatedData } from '../domain/questions/events';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';

export type QuestionDoc = Doc & {
  id: number;
  content: string;
  category: string;
  /** The product day it was last the question of the day. */
  day: string;
  submissionId: string | null;
  source: 'bank' | 'admin';
};

export const questionTopics = {
  today: 'question:today',
  one: (id: number) => `question:${id}`,
};

/** Questions that have been (or are) the question of the day, by id and by day. */
export const questionsProjection: Projection = {
  name: 'questions',
  version: 1,
  collections: ['questions'],
  handles: ['QuestionOfTheDayActivated'],
  async apply(event, context) {
    const data = event.data as QuestionOfTheDayActivatedData;
    const questions = context.collection<QuestionDoc>('questions');
    // A question shown again on a later day moves to that day; the previous holder of the day is replaced.
    await questions.deleteMany({ day: data.day });
    await questions.upsertOne({
      _id: String(data.questionId),
      id: data.questionId,
      content: data.content,
      category: data.category,
      day: data.day,
      submissionId: data.submissionId,
      source: data.source,
    });
    context.notify(questionTopics.today);
    context.notify(questionTopics.one(data.questionId));
  },
};
