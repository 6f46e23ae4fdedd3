import { sharedTopics } from '../domain/contracts/topics';
import {
  readsOf,
  sentimentStep,
  type SentimentEvent,
  type SentimentEventType,
} from '../domain/sentiment/reducer';
import {
  tallyKey,
  type QuestionInfo,
  type ResponseShare,
  type Tally,
} from '../domain/sentiment/tally';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type Handler, type ProjectionDb } from './engine/define';

export type SentimentTallyDoc = Doc & Tally;
type ShareDoc = Doc & ResponseShare;
type QuestionInfoDoc = Doc & QuestionInfo;
/** `_id` is a standing answer's id: whose it is, so an erased person's answers can leave. */
type AuthorDoc = Doc & { authorId: string; questionId: number; day: string };

const collections = {
  /** One question on one product day: the running sums every figure is computed from. */
  sentiment_tallies: collection<SentimentTallyDoc>({ key: { day: 1 } }),
  /** What each standing answer adds to its tally (no text, no author). */
  sentiment_shares: collection<ShareDoc>(),
  sentiment_questions: collection<QuestionInfoDoc>(),
  sentiment_authors: collection<AuthorDoc>({ key: { authorId: 1 } }),
};

type Db = ProjectionDb<typeof collections>;

/** A stored document as the reducer's value (its `_id` is the reducer's key). */
const valueOf = <T>(doc: (Doc & T) | null): T | undefined => {
  if (!doc) return undefined;
  const { _id: _key, ...value } = doc;
  return value as T;
};

/**
 * Loads what the shared reducer will read, runs it, writes what it changed. The reducer is
 * the pure one in domain/sentiment/reducer.ts, which a replay of the log can run as well.
 */
const apply = async (event: SentimentEvent, db: Db): Promise<void> => {
  const reads = readsOf(event);
  const share =
    reads.kind === 'response'
      ? valueOf<ResponseShare>(await db.sentiment_shares.findOne({ _id: reads.responseId }))
      : undefined;
  const key =
    reads.kind === 'tally' ? reads.key : share ? tallyKey(share.questionId, share.day) : null;
  const tally = key ? valueOf<Tally>(await db.sentiment_tallies.findOne({ _id: key })) : undefined;
  const question =
    reads.kind === 'tally' && !tally
      ? valueOf<QuestionInfo>(
          await db.sentiment_questions.findOne({ _id: String(reads.questionId) }),
        )
      : undefined;
  const changes = sentimentStep(event, {
    question: () => question,
    response: () => share,
    tally: () => tally,
  });
  if (changes.question) {
    const { questionId, info } = changes.question;
    await db.sentiment_questions.upsertOne({ _id: String(questionId), ...info });
  }
  if (changes.response) {
    const { responseId, share: next } = changes.response;
    if (next) await db.sentiment_shares.upsertOne({ _id: responseId, ...next });
    else await db.sentiment_shares.deleteOne({ _id: responseId });
  }
  if (changes.tally) {
    await db.sentiment_tallies.upsertOne({ _id: changes.tally.key, ...changes.tally.tally });
    db.notify(sharedTopics.sentiment.name());
  }
};

const figures = {
  QuestionOfTheDayActivated: apply,
  ResponseSubmitted: async (event, db) => {
    const { responseId, authorId, questionId, day } = event.data;
    await db.sentiment_authors.upsertOne({ _id: responseId, authorId, questionId, day });
    await apply(event, db);
  },
  ResponseDeleted: async (event, db) => {
    await db.sentiment_authors.deleteOne({ _id: event.data.responseId });
    await apply(event, db);
  },
  ResponseAnalyzed: apply,
  EchoGiven: apply,
  EchoWithdrawn: apply,
  ReplyPosted: apply,
  ReplyDeleted: apply,
  ReactionAdded: apply,
  ReactionRemoved: apply,
  ContentRejected: apply,
} satisfies { [T in SentimentEventType]: Handler<T, typeof collections> };

/** The figures of the sentiment dashboard, per question and product day. */
export const sentimentProjection = projection({
  name: 'sentiment',
  version: 2,
  collections,
  on: {
    ...figures,
    // An erased person's answers leave the figures as deleted answers do.
    PersonErased: async ({ data }, db) => {
      const theirs = await db.sentiment_authors.find({ authorId: data.personId });
      for (const answer of theirs) {
        await db.sentiment_authors.deleteOne({ _id: answer._id });
        await apply(
          {
            type: 'ResponseDeleted',
            data: {
              responseId: answer._id,
              questionId: answer.questionId,
              authorId: answer.authorId,
              day: answer.day,
              at: data.at,
            },
          },
          db,
        );
      }
    },
  },
});
