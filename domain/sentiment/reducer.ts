import type { EventOfType } from '../event-catalog';
import { tallyKey, emptyTally, newShare, replaceShare, withShare } from './tally';
import type { QuestionInfo, ResponseShare, Tally } from './tally';

/**
 * The sentiment reducer: one event in, the changes to the figures' running sums out. Pure and
 * synchronous. The projection (`projections/sentiment.ts`) runs it over the read store; a
 * replay of the log (`api/analyst/replay.ts`) runs exactly this over memory, every event type
 * included (erasure, deletions, new analyses), so a replay gives the dashboard's figures to
 * the last digit (tests/unit/sentiment-replay.property.test.ts holds them to it).
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
  'PersonErased',
] as const;

export type SentimentEventType = (typeof SENTIMENT_EVENT_TYPES)[number];
export type SentimentEvent = { [T in SentimentEventType]: EventOfType<T> }[SentimentEventType];

/** What a step may read. */
export type SentimentView = {
  question(questionId: number): QuestionInfo | undefined;
  response(responseId: string): ResponseShare | undefined;
  tally(key: string): Tally | undefined;
  /** The ids of the standing answers a person wrote. */
  answersOf(personId: string): readonly string[];
};

/**
 * What a step changes: a question's text, answers' shares (null: gone), tallies; each named
 * once with its value after the step.
 */
export type SentimentChanges = {
  question?: { questionId: number; info: QuestionInfo };
  responses: [responseId: string, share: ResponseShare | null][];
  tallies: [key: string, tally: Tally][];
};

/**
 * What a step will read, for stores that load before they apply: the answer named (its tally
 * then follows from the answer), the question and tally the event names itself, or a
 * person's answers (and their tallies).
 */
export type SentimentReads =
  | { kind: 'none' }
  | { kind: 'response'; responseId: string }
  | { kind: 'tally'; questionId: number; key: string }
  | { kind: 'person'; personId: string };

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
    case 'PersonErased':
      return { kind: 'person', personId: event.data.personId };
    default:
      return { kind: 'response', responseId: event.data.responseId };
  }
};

const keyOfShare = (share: ResponseShare) => tallyKey(share.questionId, share.day);

/** The view as this step has changed it so far: a step may touch an answer or tally twice. */
class Draft {
  private shares: Map<string, ResponseShare | null> | null = null;
  private tallies: Map<string, Tally> | null = null;
  constructor(readonly view: SentimentView) {}

  share(responseId: string): ResponseShare | undefined {
    const changed = this.shares?.get(responseId);
    return changed === undefined ? this.view.response(responseId) : (changed ?? undefined);
  }
  setShare(responseId: string, share: ResponseShare | null) {
    (this.shares ??= new Map()).set(responseId, share);
  }
  tally(key: string): Tally | undefined {
    return this.tallies?.get(key) ?? this.view.tally(key);
  }
  setTally(key: string, tally: Tally) {
    (this.tallies ??= new Map()).set(key, tally);
  }
  changes(question?: SentimentChanges['question']): SentimentChanges {
    return {
      ...(question ? { question } : {}),
      responses: this.shares ? [...this.shares] : [],
      tallies: this.tallies ? [...this.tallies] : [],
    };
  }
}

/** Changes an answer's share, and its tally with it. */
const reshare = (
  draft: Draft,
  responseId: string,
  change: (share: ResponseShare) => ResponseShare,
) => {
  const before = draft.share(responseId);
  if (!before) return;
  const after = change(before);
  draft.setShare(responseId, after);
  const key = keyOfShare(before);
  const tally = draft.tally(key);
  if (tally) draft.setTally(key, replaceShare(tally, before, after));
};

/** An answer leaves the figures with everything it brought: placement, scores, engagement. */
const removeAnswer = (draft: Draft, responseId: string) => {
  const share = draft.share(responseId);
  if (!share) return;
  draft.setShare(responseId, null);
  const key = keyOfShare(share);
  const tally = draft.tally(key);
  if (tally) draft.setTally(key, withShare(tally, share, -1));
};

const bump = (count: number, step: 1 | -1) => Math.max(0, count + step);

export const sentimentStep = (event: SentimentEvent, view: SentimentView): SentimentChanges => {
  const draft = new Draft(view);
  switch (event.type) {
    case 'QuestionOfTheDayActivated': {
      const { questionId, content, category } = event.data;
      return draft.changes({ questionId, info: { content, category } });
    }
    case 'ResponseSubmitted': {
      const { responseId, questionId, authorId, day, spectrumPosition } = event.data;
      const key = tallyKey(questionId, day);
      const share = newShare(questionId, day, authorId, spectrumPosition);
      const tally = draft.tally(key) ?? emptyTally(questionId, day, view.question(questionId));
      draft.setShare(responseId, share);
      draft.setTally(key, withShare(tally, share, 1));
      break;
    }
    case 'ResponseDeleted':
      removeAnswer(draft, event.data.responseId);
      break;
    // An erased person's answers leave the figures as deleted answers do.
    case 'PersonErased':
      for (const responseId of view.answersOf(event.data.personId)) removeAnswer(draft, responseId);
      break;
    case 'ResponseAnalyzed': {
      const { relevance, civility, sincerity } = event.data;
      const milli = (value: number) => Math.round(value * 1000);
      reshare(draft, event.data.responseId, (share) => ({
        ...share,
        scores: {
          relevance: milli(relevance),
          civility: milli(civility),
          sincerity: milli(sincerity),
        },
      }));
      break;
    }
    case 'EchoGiven':
    case 'EchoWithdrawn': {
      const step = event.type === 'EchoGiven' ? 1 : -1;
      reshare(draft, event.data.responseId, (share) => ({
        ...share,
        echoes: bump(share.echoes, step),
      }));
      break;
    }
    case 'ReplyPosted':
    case 'ReplyDeleted': {
      const step = event.type === 'ReplyPosted' ? 1 : -1;
      reshare(draft, event.data.responseId, (share) => ({
        ...share,
        replies: bump(share.replies, step),
      }));
      break;
    }
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const step = event.type === 'ReactionAdded' ? 1 : -1;
      const { emoji } = event.data;
      reshare(draft, event.data.responseId, (share) => ({
        ...share,
        reactions: { ...share.reactions, [emoji]: bump(share.reactions[emoji], step) },
      }));
      break;
    }
    case 'ContentRejected': {
      const { questionId, day } = event.data;
      const key = tallyKey(questionId, day);
      const tally = draft.tally(key) ?? emptyTally(questionId, day, view.question(questionId));
      draft.setTally(key, { ...tally, rejections: tally.rejections + 1 });
      break;
    }
  }
  return draft.changes();
};
