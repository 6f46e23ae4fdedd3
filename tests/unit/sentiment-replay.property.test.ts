import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baselineOf, sentimentExport } from '../../api/analyst/export';
import { replaySentiment } from '../../api/analyst/replay';
import { REACTION_EMOJI } from '../../domain/contracts/reactions';
import type { AnyEvent } from '../../domain/event-catalog';
import type { Tally } from '../../domain/sentiment/tally';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqlite } from '../../infra/sqlite';
import { sentimentProjection } from '../../projections/sentiment';
import { projectionSpec } from '../support/projection-spec';
import { activation, appendEvents } from '../support/seed';

/**
 * The analyst's replay of the log and the dashboard's projection are one code path: over any
 * history (answers placed or not, deleted, analysed again by a newer analyzer, echoed, replied
 * to, reacted to, refused, their authors erased), their figures for a period are equal to the
 * last digit.
 */

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const PEOPLE = ['ada', 'bo', 'cy', 'di', 'ed'];
const at = (day: string) => `${day}T15:00:00.000Z`;

/** One thing that happens, before it is given ids: answers are named by their order. */
type Step =
  | { kind: 'answer'; person: number; day: number; question: number; spectrum: number | null }
  | { kind: 'delete'; answer: number }
  | { kind: 'analyze'; answer: number; scores: [number, number, number]; version: number }
  | { kind: 'echo' | 'unecho'; answer: number; person: number }
  | { kind: 'reply' | 'unreply'; answer: number; reply: number }
  | { kind: 'react' | 'unreact'; answer: number; emoji: number; person: number }
  | { kind: 'reject'; day: number; question: number }
  | { kind: 'erase'; person: number };

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
const score = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      person: index(PEOPLE.length),
      day: index(DAYS.length),
      question: index(2),
      spectrum: fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), answer: index(40) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('analyze' as const),
      answer: index(40),
      scores: fc.tuple(score, score, score),
      version: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('echo' as const, 'unecho' as const),
      answer: index(40),
      person: index(PEOPLE.length),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('reply' as const, 'unreply' as const),
      answer: index(40),
      reply: index(5),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('react' as const, 'unreact' as const),
      answer: index(40),
      emoji: index(REACTION_EMOJI.length),
      person: index(PEOPLE.length),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reject' as const),
      day: index(DAYS.length),
      question: index(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('erase' as const), person: index(PEOPLE.length) }),
  },
);

/** The history's events: each day's questions, then the steps, answers named as they come. */
const historyOf = (steps: Step[]): AnyEvent[] => {
  const events: AnyEvent[] = DAYS.flatMap((day, d) => [
    activation(day, 2 * d + 1),
    {
      ...activation(day, 2 * d + 2),
      data: { ...activation(day, 2 * d + 2).data, category: 'Justice & Rights' },
    },
  ]);
  const answers: { id: string; questionId: number; day: string; authorId: string }[] = [];
  const answer = (n: number) => answers[n % Math.max(1, answers.length)];
  for (const s of steps) {
    if (s.kind === 'answer') {
      const a = {
        id: `r${answers.length}`,
        questionId: 2 * s.day + 1 + s.question,
        day: DAYS[s.day]!,
        authorId: PEOPLE[s.person]!,
      };
      answers.push(a);
      events.push({
        type: 'ResponseSubmitted',
        data: {
          responseId: a.id,
          questionId: a.questionId,
          authorId: a.authorId,
          pseudonym: a.authorId,
          content: 'thoughts',
          spectrumPosition: s.spectrum,
          day: a.day,
          at: at(a.day),
        },
      });
      continue;
    }
    if (s.kind === 'reject') {
      const day = DAYS[s.day]!;
      events.push({
        type: 'ContentRejected',
        data: {
          rejectionId: `x${events.length}`,
          kind: 'response',
          questionId: 2 * s.day + 1 + s.question,
          reason: 'personal attack',
          analyzerVersion: 'local-1',
          day,
          at: at(day),
        },
      });
      continue;
    }
    if (s.kind === 'erase') {
      events.push({
        type: 'PersonErased',
        data: { personId: PEOPLE[s.person]!, at: at(DAYS[5]!) },
      });
      continue;
    }
    const a = answer(s.answer);
    if (!a) continue;
    const base = { responseId: a.id, questionId: a.questionId, at: at(a.day) };
    switch (s.kind) {
      case 'delete':
        events.push({
          type: 'ResponseDeleted',
          data: { ...base, authorId: a.authorId, day: a.day },
        });
        break;
      case 'analyze': {
        const [relevance, civility, sincerity] = s.scores;
        events.push({
          type: 'ResponseAnalyzed',
          data: {
            ...base,
            day: a.day,
            relevance,
            civility,
            sincerity,
            analyzerVersion: `local-${s.version}`,
          },
        });
        break;
      }
      case 'echo':
      case 'unecho':
        events.push(
          s.kind === 'echo'
            ? { type: 'EchoGiven', data: { ...base, actorId: PEOPLE[s.person]!, day: a.day } }
            : { type: 'EchoWithdrawn', data: { ...base, actorId: PEOPLE[s.person]! } },
        );
        break;
      case 'reply':
        events.push({
          type: 'ReplyPosted',
          data: {
            ...base,
            replyId: `p${s.reply}`,
            authorId: 'ed',
            pseudonym: 'Ed',
            content: 'yes',
          },
        });
        break;
      case 'unreply':
        events.push({
          type: 'ReplyDeleted',
          data: { ...base, replyId: `p${s.reply}`, authorId: 'ed' },
        });
        break;
      case 'react':
      case 'unreact':
        events.push({
          type: s.kind === 'react' ? 'ReactionAdded' : 'ReactionRemoved',
          data: { ...base, actorId: PEOPLE[s.person]!, emoji: REACTION_EMOJI[s.emoji]! },
        });
        break;
    }
  }
  return events;
};

/** The dashboard's side: the projection's tallies, read as the API reads them. */
const projected = async (events: AnyEvent[]) => {
  const { read } = await projectionSpec(sentimentProjection).given(events);
  return (await read.sentiment_tallies.find({})).map(({ _id, ...tally }) => tally as Tally);
};

/** The analyst's side: the same events in a log, replayed. */
const replayed = async (events: AnyEvent[], window: { from: string; to: string }) => {
  const db = openSqlite(':memory:');
  const log = openSqliteEventStore(db);
  try {
    for (const [i, event] of events.entries()) await appendEvents(log, `stream-${i}`, [event]);
    return await replaySentiment(log, window);
  } finally {
    db.close();
  }
};

const byKey = (tallies: Tally[]) =>
  [...tallies].sort((a, b) => `${a.day}:${a.questionId}`.localeCompare(`${b.day}:${b.questionId}`));

const periods = fc
  .tuple(index(DAYS.length), index(DAYS.length))
  .map(([a, b]) => ({ from: DAYS[Math.min(a, b)]!, to: DAYS[Math.max(a, b)]! }));

describe('the analyst’s replay and the dashboard’s projection', () => {
  it('give the same figures for any period of any history, to the last digit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        periods,
        fc.constantFrom(null, 'Ethics & Morality', 'Justice & Rights'),
        async (steps, period, category) => {
          const events = historyOf(steps);
          const baseline = baselineOf(period);
          const all = await projected(events);
          const inside = (from: string, to: string) => (t: Tally) => t.day >= from && t.day <= to;
          const fromProjection = sentimentExport(
            period,
            category,
            all.filter(inside(period.from, period.to)),
            all.filter(inside(baseline.from, baseline.to)),
          );
          const tallies = await replayed(events, { from: baseline.from, to: period.to });
          const fromReplay = sentimentExport(
            period,
            category,
            tallies.filter((t) => t.day >= period.from),
            tallies.filter((t) => t.day < period.from),
          );
          expect(fromReplay).toEqual(fromProjection);
          expect(byKey(tallies)).toEqual(byKey(all.filter(inside(baseline.from, period.to))));
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
