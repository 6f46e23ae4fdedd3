import { createHash, randomUUID } from 'node:crypto';
import { currentVersionOf, type AnyEvent } from '../../domain/event-catalog';
import type { EventToAppend } from '../../domain/shared/events';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import type { SqliteDatabase } from '../../infra/sqlite';
import { seededRandom } from '../../api/seed/random';

export type SyntheticShape = {
  days: number;
  people: number;
  answersPerDay: number;
  echoesPerAnswer: number;
  repliesPerAnswer: number;
  /** The history's first day (YYYY-MM-DD); 2026-01-01 unless said. */
  firstDay?: string;
};

/** About a million events: 200 days of a community of 20,000, at the seed's proportions. */
export const MILLION: SyntheticShape = {
  days: 200,
  people: 20_000,
  answersPerDay: 2_000,
  echoesPerAnswer: 1.25,
  repliesPerAnswer: 0.2,
};

const dayAfter = (first: string, i: number) =>
  new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);

const content = (random: ReturnType<typeof seededRandom>) => {
  const words = [
    'trust',
    'promise',
    'fairness',
    'people',
    'cost',
    'choice',
    'community',
    'honest',
    'rules',
    'judgment',
  ];
  const length = random.chance(0.6) ? random.int(8, 40) : random.int(40, 200);
  return Array.from({ length }, () => random.pick(words)).join(' ');
};

/**
 * Writes a community history straight into the log, in the events' own shapes (registrations,
 * daily questions, answers, echoes, replies, deletions, pair views): millions through the
 * command path would take hours, and the benchmarks measure reading and projecting, not writing.
 * With `seal`, personal fields are sealed as the sealing store would seal them (answers and
 * replies at their current, sealed versions).
 */
export const writeSyntheticLog = (
  db: SqliteDatabase,
  shape: SyntheticShape = MILLION,
  seal?: (event: EventToAppend) => EventToAppend,
) => {
  openSqliteEventStore(db); // the schema
  const random = seededRandom(7);
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const saveStream = db.prepare(
    'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision',
  );
  const day = (i: number) => dayAfter(shape.firstDay ?? '2026-01-01', i);
  const revisions = new Map<string, number>();
  let count = 0;
  const append = (streamId: string, event: AnyEvent) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const plain = { id: randomUUID(), ...event, metadata: { v: 1 } };
    const written = seal
      ? seal({ ...plain, metadata: { v: currentVersionOf(event.type) } })
      : plain;
    insert.run(
      written.id,
      streamId,
      revision,
      written.type,
      JSON.stringify(written.data),
      JSON.stringify(written.metadata),
      Date.now(),
    );
    count++;
  };
  const people = Array.from({ length: shape.people }, (_, i) => ({
    userId: `user-${i}`,
    deviceHash: createHash('sha256').update(`device-${i}`).digest('hex'),
    pseudonym: `Person ${i}`,
  }));
  db.transaction(() => {
    for (const person of people) {
      const at = `${day(0)}T09:00:00.000Z`;
      append(`pseudonym-${person.pseudonym}`, {
        type: 'PseudonymReserved',
        data: { pseudonym: person.pseudonym, deviceHash: person.deviceHash, at },
      });
      append(`device-${person.deviceHash}`, {
        type: 'DeviceRegistered',
        data: { ...person, privacyConsent: true, termsConsent: true, at },
      });
    }
    for (let d = 0; d < shape.days; d++) {
      const today = day(d);
      const questionId = d + 1;
      const at = (hour: number) => `${today}T${String(hour).padStart(2, '0')}:00:00.000Z`;
      append(`question-of-the-day-${today}`, {
        type: 'QuestionOfTheDayActivated',
        data: {
          day: today,
          questionId,
          content: `Question ${questionId}: is it ever right to break a promise?`,
          category: 'Ethics & Morality',
          submissionId: null,
          source: 'bank',
          at: at(8),
        },
      });
      const authors = random.sample(people, shape.answersPerDay);
      const answers = authors.map((author) => {
        const responseId = randomUUID();
        append(`responder-${author.userId}`, {
          type: 'ResponseSubmitted',
          data: {
            responseId,
            questionId,
            authorId: author.userId,
            pseudonym: author.pseudonym,
            content: content(random),
            spectrumPosition: random.chance(0.7) ? random.int(-100, 100) : null,
            day: today,
            at: at(random.int(9, 20)),
          },
        });
        return { responseId, author };
      });
      for (let e = 0; e < answers.length * shape.echoesPerAnswer; e++) {
        const target = random.pick(answers);
        const actor = random.pick(authors);
        if (actor === target.author) continue;
        append(`echoer-${actor.userId}`, {
          type: 'EchoGiven',
          data: {
            responseId: target.responseId,
            questionId,
            actorId: actor.userId,
            day: today,
            at: at(21),
          },
        });
      }
      for (let r = 0; r < answers.length * shape.repliesPerAnswer; r++) {
        const target = random.pick(answers);
        const author = random.pick(authors);
        append(`reply-${randomUUID()}`, {
          type: 'ReplyPosted',
          data: {
            replyId: randomUUID(),
            responseId: target.responseId,
            questionId,
            authorId: author.userId,
            pseudonym: author.pseudonym,
            content: `@${target.author.pseudonym} I see it differently.`,
            at: at(22),
          },
        });
      }
      for (const deleted of random.sample(answers, Math.round(answers.length * 0.02))) {
        append(`responder-${deleted.author.userId}`, {
          type: 'ResponseDeleted',
          data: {
            responseId: deleted.responseId,
            questionId,
            authorId: deleted.author.userId,
            day: today,
            at: at(23),
          },
        });
      }
    }
    for (const [streamId, revision] of revisions) saveStream.run(streamId, revision);
  })();
  return count;
};
