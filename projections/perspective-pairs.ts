import type { EchoGivenData, EchoWithdrawnData } from '../domain/echoes/events';
import type { PerspectivePairViewedData } from '../domain/perspectives/events';
import { contrastBetween } from '../domain/perspectives/pairing';
import type { QuestionOfTheDayActivatedData } from '../domain/questions/events';
import type { ResponseDeletedData, ResponseSubmittedData } from '../domain/responses/events';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';
import type { Projection, ProjectionContext } from './projection';
import { responseTopics } from './responses-by-question';

type Side = {
  responseId: string;
  content: string;
  pseudonym: string;
  spectrumPosition: number | null;
  echoCount: number;
};

/** A response waiting for a contrasting partner. */
export type PoolDoc = Doc &
  Side & { questionId: number; spectrumPosition: number | null; at: string };

export type PairDoc = Doc & {
  questionId: number;
  questionContent: string;
  one: Side;
  two: Side;
  insight: string;
  viewCount: number;
  createdAt: string;
};

type QuestionTextDoc = Doc & { content: string };

const CANDIDATES = 50;

const pairOf = (pairs: WriteCollection<PairDoc>, responseId: string) =>
  pairs.findOne({ $or: [{ 'one.responseId': responseId }, { 'two.responseId': responseId }] });

/** Pairs the response with the oldest waiting response it contrasts with, or leaves it waiting. */
const placeInPool = async (context: ProjectionContext, entry: PoolDoc) => {
  const pool = context.collection<PoolDoc>('perspective_pool');
  // Only the oldest few waiting answers are candidates: the work per response stays bounded
  // however many answers a question collects.
  const waiting = await pool.find(
    { questionId: entry.questionId },
    { sort: { at: 1 }, limit: CANDIDATES },
  );
  const partner = waiting.find((w) => w._id !== entry._id && contrastBetween(w, entry) !== null);
  if (!partner) {
    await pool.upsertOne(entry);
    return;
  }
  const question = await context
    .collection<QuestionTextDoc>('perspective_questions')
    .findOne({ _id: String(entry.questionId) });
  const side = (d: PoolDoc): Side => ({
    responseId: d.responseId,
    content: d.content,
    pseudonym: d.pseudonym,
    spectrumPosition: d.spectrumPosition,
    echoCount: d.echoCount,
  });
  await pool.deleteOne({ _id: partner._id });
  await pool.deleteOne({ _id: entry._id });
  await context.collection<PairDoc>('perspective_pairs').upsertOne({
    _id: `${partner.responseId}~${entry.responseId}`,
    questionId: entry.questionId,
    questionContent: question?.content ?? '',
    one: side(partner),
    two: side(entry),
    insight: contrastBetween(partner, entry)!,
    viewCount: 0,
    createdAt: entry.at,
  });
};

/**
 * Shared perspectives: each response is paired with an earlier one that contrasts with it
 * (another spectrum side, or another length label). A deleted response frees its partner.
 */
export const perspectivePairsProjection: Projection = {
  name: 'perspective-pairs',
  version: 1,
  collections: ['perspective_pairs', 'perspective_pool', 'perspective_questions'],
  handles: [
    'QuestionOfTheDayActivated',
    'ResponseSubmitted',
    'ResponseDeleted',
    'EchoGiven',
    'EchoWithdrawn',
    'PerspectivePairViewed',
  ],
  async apply(event, context) {
    const pairs = context.collection<PairDoc>('perspective_pairs');
    const pool = context.collection<PoolDoc>('perspective_pool');
    switch (event.type) {
      case 'QuestionOfTheDayActivated': {
        const data = event.data as QuestionOfTheDayActivatedData;
        await context
          .collection<QuestionTextDoc>('perspective_questions')
          .upsertOne({ _id: String(data.questionId), content: data.content });
        return;
      }
      case 'ResponseSubmitted': {
        const data = event.data as ResponseSubmittedData;
        await placeInPool(context, {
          _id: data.responseId,
          responseId: data.responseId,
          questionId: data.questionId,
          content: data.content,
          pseudonym: data.pseudonym,
          spectrumPosition: data.spectrumPosition,
          echoCount: 0,
          at: data.at,
        });
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
      case 'ResponseDeleted': {
        const data = event.data as ResponseDeletedData;
        await pool.deleteOne({ _id: data.responseId });
        const pair = await pairOf(pairs, data.responseId);
        if (pair) {
          await pairs.deleteOne({ _id: pair._id });
          const partner = pair.one.responseId === data.responseId ? pair.two : pair.one;
          const original = await pool.findOne({ _id: partner.responseId });
          if (!original) {
            await placeInPool(context, {
              _id: partner.responseId,
              ...partner,
              questionId: pair.questionId,
              at: pair.createdAt,
            });
          }
        }
        context.notify(responseTopics.forQuestion(data.questionId));
        return;
      }
      case 'PerspectivePairViewed': {
        const data = event.data as PerspectivePairViewedData;
        await pairs.updateOne({ _id: data.pairId }, { $inc: { viewCount: 1 } });
        return;
      }
      case 'EchoGiven':
      case 'EchoWithdrawn': {
        const data = event.data as EchoGivenData | EchoWithdrawnData;
        const step = event.type === 'EchoGiven' ? 1 : -1;
        const waiting = await pool.findOne({ _id: data.responseId });
        if (waiting) {
          await pool.updateOne(
            { _id: waiting._id },
            { $set: { echoCount: Math.max(0, waiting.echoCount + step) } },
          );
        }
        const pair = await pairOf(pairs, data.responseId);
        if (pair) {
          const field = pair.one.responseId === data.responseId ? 'one' : 'two';
          await pairs.updateOne(
            { _id: pair._id },
            { $set: { [`${field}.echoCount`]: Math.max(0, pair[field].echoCount + step) } },
          );
        }
        return;
      }
    }
  },
};
