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
/** `_id` is a standing answer's id: what it adds to its tally, and whose it is (for erasure). */
type ShareDoc = Doc & ResponseShare;
type QuestionInfoDoc = Doc & QuestionInfo;

const collections = {
  /** One question on one product day: the running sums every figure is computed from. */
  sentiment_tallies: collection<SentimentTallyDoc>({ key: { day: 1 } }),
  sentiment_shares: collection<ShareDoc>({ key: { authorId: 1 } }),
  sentiment_questions: collection<QuestionInfoDoc>(),
};

type Db = ProjectionDb<typeof collections>;

/** A stored document as the reducer's value (its `_id` is the reducer's key). */
const valueOf = <T>(doc: (Doc & T) | null): T | undefined => {
  if (!doc) return undefined;
  const { _id: _key, ...value } = doc;
  return value as T;
};

/** Loads what the reducer will read for one event: the answers named, their tallies, a question. */
const load = async (event: SentimentEvent, db: Db) => {
  const reads = readsOf(event);
  const shares = new Map<string, ResponseShare>();
  const tallies = new Map<string, Tally>();
  let question: QuestionInfo | undefined;
  if (reads.kind === 'response') {
    const share = valueOf<ResponseShare>(
      await db.sentiment_shares.findOne({ _id: reads.responseId }),
    );
    if (share) shares.set(reads.responseId, share);
  } else if (reads.kind === 'person') {
    for (const doc of await db.sentiment_shares.find({ authorId: reads.personId })) {
      shares.set(doc._id, valueOf<ResponseShare>(doc)!);
    }
  }
  const keys = new Set([...shares.values()].map((share) => tallyKey(share.questionId, share.day)));
  if (reads.kind === 'tally') keys.add(reads.key);
  for (const key of keys) {
    const tally = valueOf<Tally>(await db.sentiment_tallies.findOne({ _id: key }));
    if (tally) tallies.set(key, tally);
  }
  if (reads.kind === 'tally' && !tallies.has(reads.key)) {
    question = valueOf<QuestionInfo>(
      await db.sentiment_questions.findOne({ _id: String(reads.questionId) }),
    );
  }
  return {
    question: () => question,
    response: (id: string) => shares.get(id),
    tally: (key: string) => tallies.get(key),
    answersOf: () => [...shares.keys()],
  };
};

/**
 * Loads what the shared reducer will read, runs it, writes what it changed. The reducer is
 * the pure one in domain/sentiment/reducer.ts, which a replay of the log runs as well.
 */
const apply = async (event: SentimentEvent, db: Db): Promise<void> => {
  const changes = sentimentStep(event, await load(event, db));
  if (changes.question) {
    const { questionId, info } = changes.question;
    await db.sentiment_questions.upsertOne({ _id: String(questionId), ...info });
  }
  for (const [responseId, share] of changes.responses) {
    if (share) await db.sentiment_shares.upsertOne({ _id: responseId, ...share });
    else await db.sentiment_shares.deleteOne({ _id: responseId });
  }
  for (const [key, tally] of changes.tallies) {
    await db.sentiment_tallies.upsertOne({ _id: key, ...tally });
  }
  if (changes.tallies.length > 0) db.notify(sharedTopics.sentiment.name());
};

/** The figures of the sentiment dashboard, per question and product day. */
export const sentimentProjection = projection({
  name: 'sentiment',
  // 3: an answer's share names its author (erasure reads them there), no collection of authors.
  version: 3,
  collections,
  // Every event the reducer takes goes through it: the projection adds storage, nothing else.
  on: {
    QuestionOfTheDayActivated: apply,
    ResponseSubmitted: apply,
    ResponseDeleted: apply,
    ResponseAnalyzed: apply,
    EchoGiven: apply,
    EchoWithdrawn: apply,
    ReplyPosted: apply,
    ReplyDeleted: apply,
    ReactionAdded: apply,
    ReactionRemoved: apply,
    ContentRejected: apply,
    PersonErased: apply,
  } satisfies { [T in SentimentEventType]: Handler<T, typeof collections> },
});
