import type { EventOfType } from '../event-catalog';
import { tallyKey, emptyTally, newShare, replaceShare, withShare } from './tally';
import type { QuestionInfo, ResponseShare, Tally } from './tally';

/**
 * The sentiment reducer: one event in, the changes to the figures' running sums out. Pure and
 * synchronous. The projection (`projections/sentiment.ts`) runs it over the read store; a
 * replay of the log over its own storage runs exactly this too, so a replay
 * gives the dashboard's figures to the last digit.
 *
 * Engagement, placements and scores belong to the answer they concern: an answer deleted
 * takes all of it out of the figures; an echo, reply or reaction to an answer that no longer
 * stands changes nothing.
 */

export const SENTIMENT_EVENT_TYPES = [
  'QuestionOfTheDayActivated',
  'ResponseSubmitted',
  'ResponseDeleted',
  'ResponseAnalyzed',
  'EchoGiven',
  'EchoWithdrawn',
  'ReplyPosted',
  'ReplyDeleted',
  'ReactionAdded',
  'ReactionRemoved',
  'ContentRejected',
] as const;

export type SentimentEventType = (typeof SENTIMENT_EVENT_TYPES)[number];
export type SentimentEvent = { [T in SentimentEventType]: EventOfType<T> }[SentimentEventType];

/** What a step may read. */
export type SentimentView = {
  question(questionId: number): QuestionInfo | undefined;
  response(responseId: string): ResponseShare | undefined;
  tally(key: string): Tally | undefined;
};

/** What a step changes: a question's text, an answer's share (null: gone), a tally. */
export type SentimentChanges = {
  question?: { questionId: number; info: QuestionInfo };
  response?: { responseId: string; share: ResponseShare | null };
  tally?: { key: string; tally: Tally };
};

/**
 * What a step will read, for stores that load before they apply: the answer named (its tally
 * then follows from the answer), or the question and tally the event names itself.
 */
export type SentimentReads =
  | { kind: 'none' }
  | { kind: 'response'; responseId: string }
  | { kind: 'tally'; questionId: number; key: string };

export const readsOf = (event: SentimentEvent): SentimentReads => {
  switch (event.type) {
    case 'QuestionOfTheDayActivated':
      return { kind: 'none' };
    case 'ResponseSubmitted':
    case 'ContentRejected':
      return {
        kind: 'tally',
        questionId: event.data.questionId,
        key: tallyKey(event.data.questionId, event.data.day),
      };
    default:
      return { kind: 'response', responseId: event.data.responseId };
  }
};

const keyOfShare = (share: ResponseShare) => tallyKey(share.questionId, share.day);

/** Changes an answer's share, and its tally with it. */
const reshare = (
  view: SentimentView,
  responseId: string,
  change: (share: ResponseShare) => ResponseShare,
): SentimentChanges => {
  const before = view.response(responseId);
  if (!before) return {};
  const after = change(before);
  const key = keyOfShare(before);
  const tally = view.tally(key);
  const response = { responseId, share: after };
  return tally
    ? { response, tally: { key, tally: replaceShare(tally, before, after) } }
    : { response };
};

const bump = (count: number, step: 1 | -1) => Math.max(0, count + step);

export const sentimentStep = (event: SentimentEvent, view: SentimentView): SentimentChanges => {
  switch (event.type) {
    case 'QuestionOfTheDayActivated': {
      const { questionId, content, category } = event.data;
      return { question: { questionId, info: { content, category } } };
    }
    case 'ResponseSubmitted': {
      const { responseId, questionId, day, spectrumPosition } = event.data;
      const key = tallyKey(questionId, day);
      const share = newShare(questionId, day, spectrumPosition);
      const tally = view.tally(key) ?? emptyTally(questionId, day, view.question(questionId));
      return { response: { responseId, share }, tally: { key, tally: withShare(tally, share, 1) } };
    }
    case 'ResponseDeleted': {
      const share = view.response(event.data.responseId);
      if (!share) return {};
      const key = keyOfShare(share);
      const tally = view.tally(key);
      return {
        response: { responseId: event.data.responseId, share: null },
        ...(tally ? { tally: { key, tally: withShare(tally, share, -1) } } : {}),
      };
    }
    case 'ResponseAnalyzed': {
      const { relevance, civility, sincerity } = event.data;
      const milli = (value: number) => Math.round(value * 1000);
      return reshare(view, event.data.responseId, (share) => ({
        ...share,
        scores: {
          relevance: milli(relevance),
          civility: milli(civility),
          sincerity: milli(sincerity),
        },
      }));
    }
    case 'EchoGiven':
    case 'EchoWithdrawn': {
      const step = event.type === 'EchoGiven' ? 1 : -1;
      return reshare(view, event.data.responseId, (share) => ({
        ...share,
        echoes: bump(share.echoes, step),
      }));
    }
    case 'ReplyPosted':
    case 'ReplyDeleted': {
      const step = event.type === 'ReplyPosted' ? 1 : -1;
      return reshare(view, event.data.responseId, (share) => ({
        ...share,
        replies: bump(share.replies, step),
      }));
    }
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const step = event.type === 'ReactionAdded' ? 1 : -1;
      const { emoji } = event.data;
      return reshare(view, event.data.responseId, (share) => ({
        ...share,
        reactions: { ...share.reactions, [emoji]: bump(share.reactions[emoji], step) },
      }));
    }
    case 'ContentRejected': {
      const { questionId, day } = event.data;
      const key = tallyKey(questionId, day);
      const tally = view.tally(key) ?? emptyTally(questionId, day, view.question(questionId));
      return { tally: { key, tally: { ...tally, rejections: tally.rejections + 1 } } };
    }
  }
};
