import { describe, expect, it } from 'vitest';
import type { AnyEvent, EventOfType } from '../../domain/event-catalog';
import { currentStreak } from '../../domain/progress/streaks';
import { addDays } from '../../domain/shared/product-day';
import { badgeAwardsReactor } from '../../projections/badge-awards';
import { badgesProjection } from '../../projections/badges';
import { progressProjection } from '../../projections/progress';
import { projectionSpec, reactorSpec } from '../support/projection-spec';
import { deletion, submission } from '../support/seed';

/** One answer by `who` on each product day (at noon UTC, so the day is the date). */
const answers = (who: string, days: string[]): AnyEvent[] =>
  days.map((day, i) => submission(`${who}-${i}`, i + 1, who, `${day}T15:00:00.000Z`));

const progressOf = async (events: AnyEvent[], who = 'ann') => {
  const { read } = await projectionSpec(progressProjection).given(events);
  return { person: await read.progress_people.findOne({ _id: who }), read };
};

const awardsFor = async (events: AnyEvent[]) =>
  (await reactorSpec(badgeAwardsReactor).given(events)).dispatched;

const earned = (personId: string, badgeId: string): EventOfType<'BadgeEarned'> => ({
  type: 'BadgeEarned',
  data: { personId, badgeId, causationId: 'event-1', at: '2026-11-22T15:00:00.000Z' },
});

describe('streaks', () => {
  it('counts consecutive product days, the longest run and the total', async () => {
    const { person } = await progressOf(
      answers('ann', ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06']),
    );
    expect(person).toMatchObject({ responses: 5, longestStreak: 3 });
    expect(person!.latest).toEqual({ start: '2026-11-05', end: '2026-11-06', length: 2 });
  });

  it('keeps a streak current through the day after the last answer, and breaks it after a missed day', async () => {
    const { person } = await progressOf(answers('ann', ['2026-11-20', '2026-11-21']));
    expect(currentStreak(person!.latest, '2026-11-21')).toBe(2);
    expect(currentStreak(person!.latest, '2026-11-22')).toBe(2);
    expect(currentStreak(person!.latest, '2026-11-23')).toBe(0);
  });

  it('joins two runs when the day between them is answered', async () => {
    const { person } = await progressOf(answers('ann', ['2026-11-01', '2026-11-03', '2026-11-02']));
    expect(person!.latest).toEqual({ start: '2026-11-01', end: '2026-11-03', length: 3 });
    expect(person!.longestStreak).toBe(3);
  });

  it('takes a day back when its only answer is deleted', async () => {
    const history = answers('ann', ['2026-11-20', '2026-11-21', '2026-11-22']);
    const { person } = await progressOf([
      ...history,
      deletion('ann-2', 3, 'ann', '2026-11-22T16:00:00.000Z'),
    ]);
    expect(person).toMatchObject({ responses: 2, longestStreak: 2 });
    expect(currentStreak(person!.latest, '2026-11-22')).toBe(2);

    const middle = await progressOf([
      ...history,
      deletion('ann-1', 2, 'ann', '2026-11-21T16:00:00.000Z'),
    ]);
    expect(middle.person).toMatchObject({ longestStreak: 1 });
    expect(middle.person!.latest).toEqual({ start: '2026-11-22', end: '2026-11-22', length: 1 });
  });

  // 25 fresh projections: on PostgreSQL, on a loaded machine, more than the default 20 s.
  it('keeps the latest and longest run equal to a recount of the runs, whatever the order of days', async () => {
    // Answers on shuffled days, some taken back: the kept figures must be what the runs say.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 25; trial++) {
      const shuffled = (xs: string[]) => xs.filter(() => random() < 0.7).sort(() => random() - 0.5);
      const october = shuffled(
        Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
      );
      const events: AnyEvent[] = answers('ann', october);
      const takenBack = october.filter(() => random() < 0.25);
      for (const day of takenBack) {
        events.push(deletion(`ann-${october.indexOf(day)}`, 1, 'ann', `${day}T15:00:00.000Z`));
      }
      // Then days answered again, and later ones, in any order.
      const again = shuffled([
        ...takenBack,
        ...Array.from({ length: 10 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
      ]);
      again.forEach((day, i) =>
        events.push(submission(`ann-again-${i}`, 100 + i, 'ann', `${day}T15:00:00.000Z`)),
      );
      const { person, read } = await progressOf(events);
      const runs = await read.streak_runs.find({ personId: 'ann' });
      // The runs themselves are the answered days' runs of consecutive days.
      const kept = october.filter((day) => !takenBack.includes(day));
      const answered = [...new Set([...kept, ...again])].sort();
      const expected: string[] = [];
      answered.forEach((day, i) => {
        if (i > 0 && addDays(answered[i - 1]!, 1) === day)
          expected[expected.length - 1] += ` ${day}`;
        else expected.push(day);
      });
      expect(runs.map((run) => `${run.start}..${run.end}:${run.length}`).sort()).toEqual(
        expected.map((run) => {
          const days = run.split(' ');
          return `${days[0]}..${days.at(-1)}:${days.length}`;
        }),
      );
      const latest = [...runs].sort((a, b) => (a.end < b.end ? 1 : -1))[0] ?? null;
      expect(person!.latest).toEqual(
        latest && { start: latest.start, end: latest.end, length: latest.length },
      );
      expect(person!.longestStreak).toBe(Math.max(0, ...runs.map((run) => run.length)));
    }
  }, 90_000);

  it('keeps each person’s streak their own', async () => {
    const { read } = await progressOf([
      ...answers('ann', ['2026-11-20', '2026-11-21']),
      ...answers('bob', ['2026-11-21']),
    ]);
    expect((await read.progress_people.findOne({ _id: 'bob' }))!.longestStreak).toBe(1);
    expect((await read.progress_people.findOne({ _id: 'ann' }))!.longestStreak).toBe(2);
  });
});

describe('badges asked for by the badge-awards reactor', () => {
  it('asks for First Voice with the first answer, and for Steady Start on the third day in a row', async () => {
    const reactions = await awardsFor(answers('ann', ['2026-11-20', '2026-11-21', '2026-11-22']));
    expect(reactions.map((r) => r.badgeId)).toEqual(['first-voice', 'steady-start']);
    expect(reactions[0]).toMatchObject({ type: 'AwardBadge', personId: 'ann' });
  });

  it('asks for each badge once, even when the rule is met again after a deletion', async () => {
    const reactions = await awardsFor([
      submission('a1', 1, 'ann', '2026-11-20T15:00:00.000Z'),
      deletion('a1', 1, 'ann', '2026-11-20T16:00:00.000Z'),
      submission('a2', 1, 'ann', '2026-11-20T17:00:00.000Z'),
    ]);
    expect(reactions.map((r) => r.badgeId)).toEqual(['first-voice']);
  });

  it('does not ask again for a badge already earned', async () => {
    const reactions = await awardsFor([
      earned('ann', 'first-voice'),
      submission('a1', 1, 'ann', '2026-11-20T15:00:00.000Z'),
    ]);
    expect(reactions).toEqual([]);
  });

  it('asks for badges earned by echoes received, replies written and journal entries', async () => {
    const reactions = await awardsFor([
      submission('b1', 1, 'bob', '2026-11-20T15:00:00.000Z'),
      {
        type: 'EchoGiven',
        data: {
          responseId: 'b1',
          questionId: 1,
          actorId: 'ann',
          day: '2026-11-20',
          at: '2026-11-20T16:00:00.000Z',
        },
      },
      {
        type: 'ReplyPosted',
        data: {
          replyId: 'p1',
          responseId: 'b1',
          questionId: 1,
          authorId: 'ann',
          pseudonym: 'Ann',
          content: 'Yes',
          at: '2026-11-20T16:00:00.000Z',
        },
      },
    ]);
    expect(reactions.map((r) => [r.personId, r.badgeId])).toEqual([
      ['bob', 'first-voice'],
      ['bob', 'first-echo'],
      ['ann', 'conversation-starter'],
    ]);
  });
});

describe('badges read model', () => {
  it('keeps what was earned, once per badge, and tells its owner live', async () => {
    const { read, topics } = await projectionSpec(badgesProjection).given([
      earned('ann', 'first-voice'),
      earned('ann', 'first-voice'),
      earned('bob', 'first-voice'),
    ]);
    expect(await read.earned_badges.find({ personId: 'ann' })).toHaveLength(1);
    expect(topics).toContain('person:ann:badges');
  });
});
