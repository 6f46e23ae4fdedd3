import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { sentimentRows, sentimentTotals } from '../../domain/sentiment/figures';
import type { Tally } from '../../domain/sentiment/tally';
import { sentimentProjection } from '../../projections/sentiment';
import { projectionSpec } from '../support/projection-spec';
import { activation, deletion, submission } from '../support/seed';

const day = '2026-11-22';
const at = `${day}T16:00:00.000Z`;

const placed = (responseId: string, spectrumPosition: number | null, questionId = 5): AnyEvent => {
  const event = submission(responseId, questionId, `author-${responseId}`, at);
  return { ...event, data: { ...event.data, spectrumPosition } };
};
const analyzed = (responseId: string, relevance: number, civility: number, sincerity: number) =>
  ({
    type: 'ResponseAnalyzed',
    data: {
      responseId,
      questionId: 5,
      day,
      relevance,
      civility,
      sincerity,
      analyzerVersion: 'local-1',
      at,
    },
  }) satisfies AnyEvent;
const echo = (responseId: string, actorId: string): AnyEvent => ({
  type: 'EchoGiven',
  data: { responseId, questionId: 5, actorId, day, at },
});
const reply = (replyId: string, responseId: string): AnyEvent => ({
  type: 'ReplyPosted',
  data: { replyId, responseId, questionId: 5, authorId: 'x', pseudonym: 'X', content: 'hi', at },
});
const reaction = (responseId: string, emoji: '💡' | '🙏', actorId = 'x'): AnyEvent => ({
  type: 'ReactionAdded',
  data: { responseId, questionId: 5, actorId, emoji, at },
});
const rejection = (rejectionId: string, questionDay = day): AnyEvent => ({
  type: 'ContentRejected',
  data: {
    rejectionId,
    kind: 'response',
    questionId: 5,
    reason: 'personal attack',
    analyzerVersion: 'local-1',
    day: questionDay,
    at,
  },
});

const tallies = async (events: AnyEvent[]) => {
  const { read, topics } = await projectionSpec(sentimentProjection).given([
    activation(day, 5),
    ...events,
  ]);
  return { tallies: (await read.sentiment_tallies.find({})) as Tally[], topics };
};

describe('sentiment figures per question-day', () => {
  it('averages the placed spectrum and splits it into left, center and right percent', async () => {
    const { tallies: current, topics } = await tallies([
      placed('r1', -80),
      placed('r2', 0),
      placed('r3', 50),
      placed('r4', 90),
      placed('r5', null),
    ]);
    const [row] = sentimentRows(current, []);
    expect(row).toMatchObject({
      questionId: 5,
      questionContent: 'Question 5?',
      date: day,
      responseCount: 5,
      averageSpectrum: 15,
      distribution: { left: 25, center: 25, right: 50 },
    });
    expect(topics).toContain('sentiment');
  });

  it('has no average spectrum and 0 % everywhere when nobody placed themselves', async () => {
    const { tallies: current } = await tallies([placed('r1', null)]);
    expect(sentimentRows(current, [])[0]).toMatchObject({
      averageSpectrum: null,
      distribution: { left: 0, center: 0, right: 0 },
      moderation: { relevanceAvg: null, civilityAvg: null, sincerityAvg: null, rejectionRate: 0 },
    });
  });

  it('counts replies, echoes and reactions per emoji, and averages the analyzer’s scores', async () => {
    const { tallies: current } = await tallies([
      placed('r1', 10),
      placed('r2', 20),
      echo('r1', 'a'),
      echo('r1', 'b'),
      reply('p1', 'r2'),
      reaction('r1', '💡'),
      reaction('r2', '💡', 'y'),
      reaction('r2', '🙏'),
      analyzed('r1', 0.8, 1, 0.9),
      analyzed('r2', 0.5, 0.7, 0.6),
    ]);
    expect(sentimentRows(current, [])[0]).toMatchObject({
      engagement: { repliesCount: 1, echoes: 2, reactions: { '💡': 2, '🙏': 1, '🤔': 0 } },
      moderation: { relevanceAvg: 0.65, civilityAvg: 0.85, sincerityAvg: 0.75 },
    });
  });

  it('takes a deleted answer out with everything it received; later engagement with it changes nothing', async () => {
    const { tallies: current } = await tallies([
      placed('r1', -80),
      placed('r2', 80),
      echo('r1', 'a'),
      reply('p1', 'r1'),
      reaction('r1', '💡'),
      analyzed('r1', 0.2, 0.9, 0.5),
      deletion('r1', 5, 'author-r1', at),
      echo('r1', 'b'),
      reaction('r1', '🙏'),
    ]);
    expect(sentimentRows(current, [])[0]).toMatchObject({
      responseCount: 1,
      averageSpectrum: 80,
      distribution: { left: 0, center: 0, right: 100 },
      engagement: { repliesCount: 0, echoes: 0, reactions: { '💡': 0, '🙏': 0 } },
      moderation: { relevanceAvg: null },
    });
  });

  it('rates refusals against every attempt: standing answers, replies and refusals', async () => {
    const { tallies: current } = await tallies([
      placed('r1', null),
      placed('r2', null),
      reply('p1', 'r1'),
      rejection('x1'),
    ]);
    expect(sentimentRows(current, [])[0]!.moderation.rejectionRate).toBe(25);
  });

  it('shows no question-day that has only refusals', async () => {
    const { tallies: current } = await tallies([rejection('x1')]);
    expect(sentimentRows(current, [])).toEqual([]);
  });
});

describe('sentiment trend', () => {
  it('compares each row with the previous period’s question-days on average', async () => {
    const before = (
      await tallies([placed('p1', -50), placed('p2', -10), echo('p1', 'a'), echo('p2', 'a')])
    ).tallies.map((t) => ({ ...t, day: '2026-11-15' }));
    const { tallies: now } = await tallies([
      placed('r1', 20),
      placed('r2', 40),
      placed('r3', 0),
      echo('r1', 'a'),
    ]);
    expect(sentimentRows(now, before)[0]!.trend).toEqual({
      responseCountChange: 50,
      engagementChange: -50,
      spectrumChange: 50,
    });
    const totals = sentimentTotals({ from: '2026-11-16', to: day }, now, before);
    expect(totals).toMatchObject({ questionDays: 1, responseCount: 3, averageSpectrum: 20 });
    expect(sentimentRows(now, [])[0]!.trend).toEqual({
      responseCountChange: null,
      engagementChange: null,
      spectrumChange: null,
    });
  });
});
