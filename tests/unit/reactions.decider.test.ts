import { describe, it } from 'vitest';
import type { ReactionEmoji } from '../../domain/contracts/reactions';
import type { ReactionEvent } from '../../domain/reactions/events';
import { reactorDecider, type ToggleReaction } from '../../domain/reactions/reactions';
import { specFor } from '../support/given-when-then';

const given = specFor(reactorDecider);
const bob = 'user-bob';
const at = new Date('2026-11-22T15:00:00Z');

const toggle = (responseId: string, emoji: ReactionEmoji = '💡'): ToggleReaction => ({
  type: 'ToggleReaction',
  responseId,
  questionId: 3,
  responseAuthorId: 'user-alice',
  actorId: bob,
  emoji,
  at,
});
const data = (responseId: string, emoji: ReactionEmoji) => ({
  responseId,
  questionId: 3,
  actorId: bob,
  emoji,
  at: at.toISOString(),
});
const added = (responseId: string, emoji: ReactionEmoji = '💡'): ReactionEvent => ({
  type: 'ReactionAdded',
  data: data(responseId, emoji),
});
const removed = (responseId: string, emoji: ReactionEmoji = '💡'): ReactionEvent => ({
  type: 'ReactionRemoved',
  data: data(responseId, emoji),
});

describe('ToggleReaction', () => {
  it('adds a reaction, then takes it back on the next toggle', () => {
    given([])
      .when(toggle('r1'))
      .then([added('r1')]);
    given([added('r1')])
      .when(toggle('r1'))
      .then([removed('r1')]);
    given([added('r1'), removed('r1')])
      .when(toggle('r1'))
      .then([added('r1')]);
  });

  it('keeps each emoji and each answer apart: one of each per person', () => {
    given([added('r1', '💡')])
      .when(toggle('r1', '🤔'))
      .then([added('r1', '🤔')]);
    given([added('r1', '💡')])
      .when(toggle('r2', '💡'))
      .then([added('r2', '💡')]);
  });

  it('refuses a reaction to one’s own answer', () => {
    given([])
      .when({ ...toggle('r1'), responseAuthorId: bob })
      .thenFails('forbidden', /own response/);
  });
});
