import { Set as ImmutableSet } from 'immutable';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { invalid } from '../shared/errors';
import { badgeById } from './catalogue';
import type { BadgeEvent } from './events';

/** One person's badges: the boundary that awards each badge once. */
export const badgesStreamId = (personId: string) => `badges-${personId}`;

export type AwardBadge = {
  type: 'AwardBadge';
  personId: string;
  badgeId: string;
  causationId: string;
  at: Date;
};

export type BadgesState = { held: ImmutableSet<string> };

/**
 * Awards reach this decider from a reactor, at least once (again on replays, restarts, and
 * when a projector hands over): a badge already held makes the award change nothing.
 */
export const badgesDecider: Decider<AwardBadge, BadgeEvent, BadgesState> = {
  initialState: () => ({ held: ImmutableSet() }),
  readsPersonalFields: false,
  evolve: (state, event) => ({ held: state.held.add(event.data.badgeId) }),
  decide: (command, state) => {
    if (!badgeById(command.badgeId)) {
      throw invalid('badgeId', 'Unknown badge', `There is no badge ${command.badgeId}.`);
    }
    if (state.held.has(command.badgeId)) return [];
    return [
      {
        type: 'BadgeEarned',
        data: {
          personId: command.personId,
          badgeId: command.badgeId,
          causationId: command.causationId,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const badges = commandHandler(badgesDecider, (c) => badgesStreamId(c.personId));
