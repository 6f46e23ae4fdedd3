import { describe, expect, it } from 'vitest';
import type { AnyEvent, EventOfType } from '../../domain/event-catalog';
import { badgeAwardsReactor } from '../../projections/badge-awards';
import { progressProjection } from '../../projections/progress';
import { projectionSpec, reactorSpec } from '../support/projection-spec';

// Community Voice is for a contributed question that became a question of the day: not for
// one an admin drafted, scheduled, or deleted before its day.

const used = (
  questionId: number,
  kind: 'submission' | 'suggestion' = 'submission',
  authorId = 'ann',
): EventOfType<'ContributionUsed'> => ({
  type: 'ContributionUsed',
  data: {
    contributionId: `c-${questionId}`,
    kind,
    authorId,
    questionId,
    at: '2026-11-22T10:00:00.000Z',
  },
});

const asked = (
  questionId: number,
  day: string,
  submissionId: string | null = `c-${questionId}`,
): EventOfType<'QuestionOfTheDayActivated'> => ({
  type: 'QuestionOfTheDayActivated',
  data: {
    day,
    questionId,
    content: 'Should a city ration water before a drought arrives?',
    category: 'General',
    submissionId,
    source: 'admin',
    at: `${day}T08:00:00.000Z`,
  },
});

const deleted = (questionId: number): EventOfType<'QuestionDeleted'> => ({
  type: 'QuestionDeleted',
  data: { questionId, by: 'admin', at: '2026-11-22T11:00:00.000Z' },
});

const usedCount = async (events: AnyEvent[], who = 'ann') => {
  const { read } = await projectionSpec(progressProjection).given(events);
  return (await read.progress_people.findOne({ _id: who }))?.contributionsUsed ?? 0;
};

const communityVoiceAwards = async (events: AnyEvent[]) =>
  (await reactorSpec(badgeAwardsReactor).given(events)).dispatched
    .filter((r) => r.badgeId === 'community-voice')
    .map((r) => r.personId);

describe('Community Voice: a contributed question that became a question of the day', () => {
  it('is not earned by a draft, a scheduled question before its day, or one deleted unasked', async () => {
    for (const history of [
      [used(10_001)],
      [used(10_002), deleted(10_002)],
      [used(10_003), asked(10_004, '2026-11-22', null)],
    ]) {
      expect(await usedCount(history)).toBe(0);
      expect(await communityVoiceAwards(history)).toEqual([]);
    }
  });

  it('is earned on the day a scheduled submission is asked', async () => {
    const history = [used(10_001), asked(10_001, '2026-11-23')];
    expect(await usedCount(history)).toBe(1);
    expect(await communityVoiceAwards(history)).toEqual(['ann']);
  });

  it('is earned by an idea used as today’s question, whose question is asked before it is marked used', async () => {
    const history = [asked(10_001, '2026-11-22', 'idea-1'), used(10_001, 'suggestion')];
    expect(await usedCount(history)).toBe(1);
    expect(await communityVoiceAwards(history)).toEqual(['ann']);
  });

  it('counts a question once however often it is activated, and only for its author', async () => {
    const history = [
      used(10_001),
      asked(10_001, '2026-11-23'),
      asked(10_001, '2026-11-24'),
      asked(10_002, '2026-11-25'),
    ];
    expect(await usedCount(history)).toBe(1);
    expect(await usedCount(history, 'bob')).toBe(0);
    expect(await communityVoiceAwards(history)).toEqual(['ann']);
  });

  it('forgets an erased author’s contributions', async () => {
    const { read } = await projectionSpec(progressProjection).given([
      used(10_001),
      asked(10_001, '2026-11-23'),
      { type: 'PersonErased', data: { personId: 'ann', at: '2026-11-24T00:00:00.000Z' } },
    ] as AnyEvent[]);
    expect(await read.progress_contributions.find({ authorId: 'ann' })).toEqual([]);
  });
});
