import type { ModerationReason, Visibility } from '../domain/contracts/reports';
import { sharedTopics } from '../domain/contracts/topics';
import type { EventOfType } from '../domain/event-catalog';
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
  /** Who sees it: others only while `visible`; its author while it stands (held, hidden). */
  visibility: Visibility;
  /** Why a moderator or a hold keeps it from others, while one does. */
  moderationReason: ModerationReason | null;
  /**
   * The spec's reading order as one sortable key: more echoes first, then newer, then by id.
   * Paging walks an index on (questionId, rank), so a page costs the same at any list size.
   */
  rank: string;
};

type QuestionTextDoc = Doc & { content: string; category: string };

/** `_id` is a reply others no longer see (held, hidden): its answer counts it out. */
type WithheldReplyDoc = Doc & { responseId: string };

/** `_id` is the question's id: how many answers others see (the list's total). */
export type ResponseCountDoc = Doc & { count: number };

const LATEST = 9_999_999_999_999;

export const rankOf = (echoCount: number, dateAdded: string, id: string) =>
  `${String(1e9 - echoCount).padStart(10, '0')}.${String(LATEST - Date.parse(dateAdded)).padStart(13, '0')}.${id}`;

const collections = {
  responses: collection<ResponseDoc>(
    { key: { questionId: 1, visibility: 1, rank: 1 } },
    { key: { authorId: 1, questionId: 1 } },
  ),
  response_questions: collection<QuestionTextDoc>(),
  response_counts: collection<ResponseCountDoc>(),
  response_withheld_replies: collection<WithheldReplyDoc>(),
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

/** An answer's visibility changed: others see it again, or no longer. */
const moderateResponse = async (db: Db, data: EventOfType<'ItemVisibilityChanged'>['data']) => {
  const doc = await db.responses.findOne({ _id: data.target.id });
  if (!doc) return;
  const wasVisible = doc.visibility === 'visible';
  const isVisible = data.visibility === 'visible';
  await db.responses.updateOne(
    { _id: doc._id },
    {
      $set: {
        visibility: data.visibility,
        moderationReason: isVisible ? null : data.reason,
      },
    },
  );
  if (wasVisible !== isVisible) await countAnswers(db, doc.questionId, isVisible ? 1 : -1);
  db.notify(sharedTopics.responses.name(doc.questionId));
};

/** A reply's visibility changed: its answer's reply count counts only what others see. */
const moderateReply = async (db: Db, data: EventOfType<'ItemVisibilityChanged'>['data']) => {
  if (data.parentId === null) return;
  const withheld = await db.response_withheld_replies.findOne({ _id: data.target.id });
  if (data.visibility === 'visible' && withheld) {
    await db.response_withheld_replies.deleteOne({ _id: withheld._id });
    await adjustCount(db, data.parentId, 'replyCount', 1);
  } else if (data.visibility !== 'visible' && !withheld) {
    await db.response_withheld_replies.upsertOne({
      _id: data.target.id,
      responseId: data.parentId,
    });
    await adjustCount(db, data.parentId, 'replyCount', -1);
  }
};

/** Every live response with its question's text, for the responses page and has-responded. */
export const responsesByQuestionProjection = projection({
  name: 'responses-by-question',
  // 6: what others see (`visibility`), reported items hidden by a moderator or held.
  version: 6,
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
        visibility: 'visible',
        moderationReason: null,
        rank: rankOf(0, data.at, data.responseId),
      });
      await countAnswers(db, data.questionId, 1);
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    ResponseDeleted: async ({ data }, db) => {
      const doc = await db.responses.findOne({ _id: data.responseId });
      if (doc) {
        await db.responses.deleteOne({ _id: doc._id });
        if (doc.visibility === 'visible') await countAnswers(db, data.questionId, -1);
      }
      db.notify(sharedTopics.responses.name(data.questionId));
    },
    PersonErased: async ({ data }, db) => {
      const theirs = await db.responses.find({ authorId: data.personId });
      await db.responses.deleteMany({ authorId: data.personId });
      const perQuestion = new Map<number, number>();
      for (const doc of theirs) {
        const shown = doc.visibility === 'visible' ? 1 : 0;
        perQuestion.set(doc.questionId, (perQuestion.get(doc.questionId) ?? 0) + shown);
      }
      for (const [questionId, answers] of perQuestion) {
        await countAnswers(db, questionId, -answers);
        db.notify(sharedTopics.responses.name(questionId));
      }
    },
    EchoGiven: ({ data }, db) => adjustCount(db, data.responseId, 'echoCount', 1),
    EchoWithdrawn: ({ data }, db) => adjustCount(db, data.responseId, 'echoCount', -1),
    ReplyPosted: ({ data }, db) => adjustCount(db, data.responseId, 'replyCount', 1),
    ReplyDeleted: async ({ data }, db) => {
      // A reply others no longer saw was counted out already.
      if ((await db.response_withheld_replies.deleteOne({ _id: data.replyId })) === 1) return;
      await adjustCount(db, data.responseId, 'replyCount', -1);
    },
    ItemVisibilityChanged: async ({ data }, db) => {
      if (data.target.kind === 'response') await moderateResponse(db, data);
      else if (data.target.kind === 'reply') await moderateReply(db, data);
    },
  },
});
