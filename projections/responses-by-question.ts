import { sharedTopics } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';

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
  /**
   * The spec's reading order as one sortable key: more echoes first, then newer, then by id.
   * Paging walks an index on (questionId, rank), so a page costs the same at any list size.
   */
  rank: string;
};

type QuestionTextDoc = Doc & { content: string; category: string };

/** `_id` is the question's id: how many answers it has standing (the list's total). */
export type ResponseCountDoc = Doc & { count: number };

const LATEST = 9_999_999_999_999;

export const rankOf = (echoCount: number, dateAdded: string, id: string) =>
  `${String(1e9 - echoCount).padStart(10, '0')}.${String(LATEST - Date.parse(dateAdded)).padStart(13, '0')}.${id}`;

const collections = {
  responses: collection<ResponseDoc>(
    { key: { questionId: 1, rank: 1 } },
    { key: { authorId: 1, questionId: 1 } },
  ),
  response_questions: collection<QuestionTextDoc>(),
  response_counts: collection<ResponseCountDoc>(),
};

type Db = ProjectionDb<typeof collections>;

/**
 * Moves a question's total: the list's header reads one document, where counting the index
 * cost a walk over every answer (tens of milliseconds on a restarted process's cold pages).
 */
const countAnswers = async (db: Db, questionId: number, step: number) => {
  const _id = String(questionId);
  const count = ((await db.response_counts.findOne({ _id }))?.count ?? 0) + step;
  await db.response_counts.upsertOne({ _id, count: Math.max(0, count) });
};

/** Moves a counter by one, never below zero; a response deleted meanwhile is simply gone. */
const adjustCount = async (
  db: Db,
  responseId: string,
  field: 'echoCount' | 'replyCount',
  step: 1 | -1,
) => {
  const doc = await db.responses.findOne({ _id: responseId });
  if (!doc) return;
  const value = Math.max(0, doc[field] + step);
  const echoCount = field === 'echoCount' ? value : doc.echoCount;
  await db.responses.updateOne(
    { _id: responseId },
    { $set: { [field]: value, rank: rankOf(echoCount, doc.dateAdded, doc._id) } },
  );
  db.notify(sharedTopics.responses.name(doc.questionId));
};

/** Every live response with its question's text, for the responses page and has-responded. */
export const responsesByQuestionProjection = projection({
  name: 'responses-by-question',
  // 5: each question's total kept in response_counts.
  version: 5,
  collections,
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      await db.response_questions.upsertOne({
        _id: String(data.questionId),
        content: data.content,
        category: data.category,
      });
    },
    ResponseSubmitted: async ({ data }, db) => {
      // Written by someone who has since erased their data: nothing to keep.
      if (data.content === null) return;
      const question = await db.response_questions.findOne({ _id: String(data.questionId) });
      await db.responses.upsertOne({
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
        rank: rankOf(0, data.at, data.responseId),
      });
      await countAnswers(db, data.questionId, 1);
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    ResponseDeleted: async ({ data }, db) => {
      if ((await db.responses.deleteOne({ _id: data.responseId })) === 1) {
        await countAnswers(db, data.questionId, -1);
      }
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.responses.find({ authorId: data.personId });
      await db.responses.deleteMany({ authorId: data.personId });
      const perQuestion = new Map<number, number>();
      for (const doc of theirs) {
        perQuestion.set(doc.questionId, (perQuestion.get(doc.questionId) ?? 0) + 1);
      }
      for (const [questionId, answers] of perQuestion) {
        await countAnswers(db, questionId, -answers);
        db.notify(sharedTopics.responses.name(questionId));
      }
    },
    EchoGiven: ({ data }, db) => adjustCount(db, data.responseId, 'echoCount', 1),
    EchoWithdrawn: ({ data }, db) => adjustCount(db, data.responseId, 'echoCount', -1),
    ReplyPosted: ({ data }, db) => adjustCount(db, data.responseId, 'replyCount', 1),
    ReplyDeleted: ({ data }, db) => adjustCount(db, data.responseId, 'replyCount', -1),
  },
});
