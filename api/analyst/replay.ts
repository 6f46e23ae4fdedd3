import type { Period } from '../../domain/sentiment/figures';
import {
  SENTIMENT_EVENT_TYPES,
  sentimentStep,
  type SentimentEvent,
  type SentimentView,
} from '../../domain/sentiment/reducer';
import type { QuestionInfo, ResponseShare, Tally } from '../../domain/sentiment/tally';
import type { EventStore } from '../../infra/event-store/event-store';

export type ReplayProgress = { done: number; total: number };

/** Events read at once. */
const PAGE = 5000;
const relevant = new Set<string>(SENTIMENT_EVENT_TYPES);

/**
 * Replays the whole log through the sentiment reducer the projection runs (in memory instead
 * of a read store) and answers the tallies of the question-days inside `window`. Answers and
 * refusals of days outside it never enter, so what concerns them later changes nothing, as
 * the reducer does for any answer it does not know.
 */
export const replaySentiment = async (
  events: EventStore,
  window: Period,
  onProgress: (progress: ReplayProgress) => void = () => undefined,
): Promise<Tally[]> => {
  const questions = new Map<number, QuestionInfo>();
  const shares = new Map<string, ResponseShare>();
  const tallies = new Map<string, Tally>();
  const view: SentimentView = {
    question: (id) => questions.get(id),
    response: (id) => shares.get(id),
    tally: (key) => tallies.get(key),
  };
  const inWindow = (day: string) => day >= window.from && day <= window.to;
  const apply = (event: SentimentEvent) => {
    if (
      (event.type === 'ResponseSubmitted' || event.type === 'ContentRejected') &&
      !inWindow(event.data.day)
    ) {
      return;
    }
    const changes = sentimentStep(event, view);
    if (changes.question) questions.set(changes.question.questionId, changes.question.info);
    if (changes.response) {
      const { responseId, share } = changes.response;
      if (share) shares.set(responseId, share);
      else shares.delete(responseId);
    }
    if (changes.tally) tallies.set(changes.tally.key, changes.tally.tally);
  };

  const total = await events.countEventsAfter(null, Number.MAX_SAFE_INTEGER);
  let done = 0;
  let after: bigint | undefined;
  onProgress({ done, total });
  for (;;) {
    const page = await events.readAll({
      maxCount: PAGE,
      ...(after === undefined ? {} : { after }),
    });
    for (const event of page) {
      if (relevant.has(event.type)) apply(event as unknown as SentimentEvent);
    }
    done += page.length;
    onProgress({ done, total: Math.max(total, done) });
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  return [...tallies.values()];
};
