import { describe, expect, it } from 'vitest';
import type { ReactionEmoji } from '../../domain/contracts/reactions';
import type { AnyEvent } from '../../domain/event-catalog';
import { reactionsProjection } from '../../projections/reactions';
import { projectionSpec } from '../support/projection-spec';
import { deletion, submission } from '../support/seed';

const at = '2026-11-22T16:00:00.000Z';
const reaction = (
  type: 'ReactionAdded' | 'ReactionRemoved',
  actorId: string,
  emoji: ReactionEmoji,
  responseId = 'r1',
): AnyEvent => ({ type, data: { responseId, questionId: 5, actorId, emoji, at } });
const added = (actorId: string, emoji: ReactionEmoji, responseId?: string) =>
  reaction('ReactionAdded', actorId, emoji, responseId);
const removed = (actorId: string, emoji: ReactionEmoji, responseId?: string) =>
  reaction('ReactionRemoved', actorId, emoji, responseId);

const answered: AnyEvent[] = [
  submission('r1', 5, 'alice', '2026-11-22T15:00:00.000Z'),
  submission('r2', 5, 'bob', '2026-11-22T15:01:00.000Z'),
];

describe('reactions', () => {
  it('counts each emoji on its answer, and knows each person’s own', async () => {
    const { read, topics } = await projectionSpec(reactionsProjection).given([
      ...answered,
      added('bob', '💡'),
      added('carol', '💡'),
      added('carol', '🙏'),
      removed('carol', '💡'),
    ]);
    expect((await read.reaction_counts.findOne({ _id: 'r1' }))?.counts).toEqual({
      '💡': 1,
      '🤔': 0,
      '❤️': 0,
      '👏': 0,
      '🙏': 1,
      '😮': 0,
    });
    const carols = await read.reactions_given.find({ actorId: 'carol', questionId: 5 });
    expect(carols.map((g) => g.emoji)).toEqual(['🙏']);
    expect(topics).toContain('responses:5');
  });

  it('never lets a count fall below zero, and ignores answers that no longer stand', async () => {
    const { read } = await projectionSpec(reactionsProjection).given([
      ...answered,
      removed('bob', '💡'),
      deletion('r2', 5, 'bob', at),
      added('alice', '💡', 'r2'),
    ]);
    expect((await read.reaction_counts.findOne({ _id: 'r1' }))?.counts['💡']).toBe(0);
    expect(await read.reaction_counts.findOne({ _id: 'r2' })).toBeNull();
    expect(await read.reactions_given.count({ responseId: 'r2' })).toBe(0);
  });

  it('forgets what a deleted answer received, and what an erased person gave', async () => {
    const { read } = await projectionSpec(reactionsProjection).given([
      ...answered,
      added('carol', '💡', 'r1'),
      added('carol', '😮', 'r2'),
      deletion('r1', 5, 'alice', at),
      { type: 'PersonErased', data: { personId: 'carol', at } },
    ]);
    expect(await read.reaction_counts.findOne({ _id: 'r1' })).toBeNull();
    expect(await read.reactions_given.count({ actorId: 'carol' })).toBe(0);
  });
});
