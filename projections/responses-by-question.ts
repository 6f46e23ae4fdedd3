import type { EchoGivenData, EchoWithdrawnData } from '../domain/echoes/events';
import type { QuestionOfTheDayActivatedData } from '../domain/questions/events';
import type { ReplyDeletedData, ReplyPostedData } from '../domain/replies/events';
import type { ResponseDeletedData, ResponseSubmittedData } from '../domain/responses/events';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';
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

/** Moves a counter by one, never below zero; a response deleted meanwhile is simply gone. */
const adjustCount = async (
  responses: WriteCollection<ResponseDoc>,
  responseId: string,
  field: 'echoCount' | 'replyCount',
  step: 1 | -1,
) => {
  const doc = await responses.findOne({ _id: responseId });
  if (!doc) return;
  await responses.updateOne(
    { _id: responseId },
    { $set: { [field]: Math.max(0, doc[field] + step) } },
  );
};

/** Every live response with its question's text, for the responses page and has-responded. */
export const responsesByQuestionProjection: Projection = {
  name: 'responses-by-question',
  version: 2,
  collections: ['responses', 'response_questions'],
  handles: [
    'QuestionOfTheDayActivated',
    'ResponseSubmitted',
    'ResponseDeleted',
    'EchoGiven',
    'EchoWithdrawn',
    'ReplyPosted',
    'ReplyDeleted',
  ],
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
      case 'EchoGiven':
      case 'EchoWithdrawn': {
        const data = event.data as EchoGivenData | EchoWithdrawnData;
        const step = event.type === 'EchoGiven' ? 1 : -1;
        await adjustCount(responses, data.responseId, 'echoCount', step);
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
      case 'ReplyPosted':
      case 'ReplyDeleted': {
        const data = event.data as ReplyPostedData | ReplyDeletedData;
        const step = event.type === 'ReplyPosted' ? 1 : -1;
        await adjustCount(responses, data.responseId, 'replyCount', step);
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
    }
  },
};
