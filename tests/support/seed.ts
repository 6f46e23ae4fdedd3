import { randomUUID } from 'node:crypto';
import type { EventOfType } from '../../domain/event-catalog';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';

/** Appends domain events the way the command side would, for projection tests and benchmarks. */
export const appendEvents = async (
  store: EventStore,
  streamId: string,
  events: { type: string; data: unknown }[],
) =>
  store.appendToStream(
    streamId,
    events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { v: 1 } })),
    'any',
  );

export const activation = (
  day: string,
  questionId: number,
): EventOfType<'QuestionOfTheDayActivated'> => ({
  type: 'QuestionOfTheDayActivated',
  data: {
    day,
    questionId,
    content: `Question ${questionId}?`,
    category: 'Ethics & Morality',
    submissionId: null,
    source: 'bank',
    at: `${day}T12:00:00.000Z`,
  },
});

export const submission = (
  responseId: string,
  questionId: number,
  authorId: string,
  at: string,
): EventOfType<'ResponseSubmitted'> => ({
  type: 'ResponseSubmitted',
  data: {
    responseId,
    questionId,
    authorId,
    pseudonym: `Author ${authorId}`,
    content: `thoughts from ${authorId}`,
    spectrumPosition: null,
    day: at.slice(0, 10),
    at,
  },
});

export const deletion = (
  responseId: string,
  questionId: number,
  authorId: string,
  at: string,
): EventOfType<'ResponseDeleted'> => ({
  type: 'ResponseDeleted',
  data: { responseId, questionId, authorId, day: at.slice(0, 10), at },
});

/** A small but varied history: questions, responses from several authors, deletions. */
export const seedHistory = async (store: EventStore, responses = 40) => {
  await appendEvents(store, 'question-of-the-day-2026-11-21', [activation('2026-11-21', 1)]);
  await appendEvents(store, 'question-of-the-day-2026-11-22', [activation('2026-11-22', 2)]);
  for (let i = 0; i < responses; i++) {
    const q = i % 2 === 0 ? 1 : 2;
    await appendEvents(store, `responder-u${i}`, [
      submission(`r${i}`, q, `u${i}`, `2026-11-2${q}T1${i % 10}:00:00.000Z`),
    ]);
    if (i % 7 === 0)
      await appendEvents(store, `responder-u${i}`, [
        deletion(`r${i}`, q, `u${i}`, `2026-11-2${q}T20:00:00.000Z`),
      ]);
  }
};

/**
 * A log in memory for engine tests, closed by the caller's `cleanups`, and a writer of answers
 * `r{n}` by `a{n}` on question 1 (numbered from `from`, so later writes continue the series).
 */
export const answersLogInMemory = (
  cleanups: (() => Promise<void> | void)[],
  options: { pollIntervalMs?: number } = {},
) => {
  const db = openSqlite(':memory:');
  const store = openSqliteEventStore(db, options);
  cleanups.push(async () => {
    await store.close();
    db.close();
  });
  const write = (from: number, count: number, streamId = 'answers') =>
    appendEvents(
      store,
      streamId,
      Array.from({ length: count }, (_, k) =>
        submission(`r${from + k}`, 1, `a${from + k}`, '2026-01-01T00:00:00.000Z'),
      ),
    );
  return { store, write };
};
