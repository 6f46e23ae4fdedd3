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
 * The reducer's storage in memory: what the projection keeps in the read store (questions,
 * each standing answer's share, tallies), plus who wrote which standing answer, as the
 * projection's index on the shares' author answers it.
 */
const memoryState = () => {
  const questions = new Map<number, QuestionInfo>();
  const shares = new Map<string, ResponseShare>();
  const tallies = new Map<string, Tally>();
  const byAuthor = new Map<string, Set<string>>();
  const view: SentimentView = {
    question: (id) => questions.get(id),
    response: (id) => shares.get(id),
    tally: (key) => tallies.get(key),
    answersOf: (personId) => [...(byAuthor.get(personId) ?? [])],
  };
  const apply = (event: SentimentEvent) => {
    const changes = sentimentStep(event, view);
    if (changes.question) questions.set(changes.question.questionId, changes.question.info);
    for (const [responseId, share] of changes.responses) {
      const before = shares.get(responseId);
      if (before) byAuthor.get(before.authorId)?.delete(responseId);
      if (share) {
        shares.set(responseId, share);
        let theirs = byAuthor.get(share.authorId);
        if (!theirs) byAuthor.set(share.authorId, (theirs = new Set()));
        theirs.add(responseId);
      } else {
        shares.delete(responseId);
      }
    }
    for (const [key, tally] of changes.tallies) tallies.set(key, tally);
  };
  return { apply, tallies: () => [...tallies.values()] };
};

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
  const state = memoryState();
  const inWindow = (day: string) => day >= window.from && day <= window.to;
  const total = await events.countEventsAfter(null, Number.MAX_SAFE_INTEGER);
  let done = 0;
  let after: bigint | undefined;
  onProgress({ done, total });
  for (;;) {
    const page = await events.readAll({
      maxCount: PAGE,
      ...(after === undefined ? {} : { after }),
    });
    for (const recorded of page) {
      if (!relevant.has(recorded.type)) continue;
      const event = recorded as unknown as SentimentEvent;
      if (
        (event.type === 'ResponseSubmitted' || event.type === 'ContentRejected') &&
        !inWindow(event.data.day)
      ) {
        continue;
      }
      state.apply(event);
    }
    done += page.length;
    onProgress({ done, total: Math.max(total, done) });
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  return state.tallies();
};
