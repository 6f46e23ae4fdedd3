import { commandHandler } from '../shared/command-handler';
import { Set as ImmutableSet } from 'immutable';
import type { Decider } from '../shared/decider';
import type { PerspectiveEvent } from './events';

/** Who has seen a pair: each person counts once. */
export const pairViewsStreamId = (pairId: string) => `perspective-pair-views-${pairId}`;

export type RecordPairView = {
  type: 'RecordPairView';
  pairId: string;
  questionId: number;
  viewerId: string;
  at: Date;
};

export const pairViewsDecider: Decider<RecordPairView, PerspectiveEvent, ImmutableSet<string>> = {
  initialState: () => ImmutableSet(),
  evolve: (viewers, event) => viewers.add(event.data.viewerId),
  decide: (command, viewers) =>
    viewers.has(command.viewerId)
      ? []
      : [
          {
            type: 'PerspectivePairViewed',
            data: {
              pairId: command.pairId,
              questionId: command.questionId,
              viewerId: command.viewerId,
              at: command.at.toISOString(),
            },
          },
        ],
};

/** Bound to the stream its commands address. */
export const pairViews = commandHandler(pairViewsDecider, (c) => pairViewsStreamId(c.pairId));
