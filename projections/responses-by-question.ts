import type { QuestionOfTheDayActivatedData } from '../domain/questions/events';
import type { ResponseDeletedData, ResponseSubmittedData } from '../domain/responses/events';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';

export type ResponseDoc = Doc & {
  questionId: number;
  /** Internal: used to mark the caller's own response; never sent to a client. */
  authorId: string;
  pseudonym: string;
  content: string;
  spectrumPosition: number | null;
  echoCount: number;
  replyCount: number;
  dateAdded: string;
  day: string;
  questionContent: string;
  questionCategory: string;
};

type QuestionTextDoc = Doc & { content: string; category: string };

export const responseTopics = {
  forQuestion: (questionId: number) => `responses:${questionId}`,
};

/** Every live response with its question's text, for the responses page and has-responded. */
export const responsesByQuestionProjection: Projection = {
  name: 'responses-by-question',
  version: 1,
  collections: ['responses', 'response_questions'],
  handles: ['QuestionOfTheDayActivated', 'ResponseSubmitted', 'ResponseDeleted'],
  async apply(event, context) {
    const responses = context.collection<ResponseDoc>('responses');
    switch (event.type) {
      case 'QuestionOfTheDayActivated': {
        const data = event.data as QuestionOfTheDayActivatedData;
        await context.collection<QuestionTextDoc>('response_questions').upsertOne({
          _id: String(data.questionId),
          content: data.content,
          category: data.category,
        });
        return;
      }
      case 'ResponseSubmitted': {
        const data = event.data as ResponseSubmittedData;
        const question = await context
          .collection<QuestionTextDoc>('response_questions')
          .findOne({ _id: String(data.questionId) });
        await responses.upsertOne({
          _id: data.responseId,
          questionId: data.questionId,
          authorId: data.authorId,
          pseudonym: data.pseudonym,
          content: data.content,
          spectrumPosition: data.spectrumPosition,
          echoCount: 0,
          replyCount: 0,
          dateAdded: data.at,
          day: data.day,
          questionContent: question?.content ?? '',
          questionCategory: question?.category ?? '',
        });
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
      case 'ResponseDeleted': {
        const data = event.data as ResponseDeletedData;
        await responses.deleteOne({ _id: data.responseId });
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
    }
  },
};
