import { Set as ImmutableSet } from 'immutable';
import type { ReactionEmoji } from '../contracts/reactions';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { forbidden } from '../shared/errors';
import type { ReactionEvent } from './events';

/**
 * One person's reactions: the boundary that keeps "one of each reaction per answer", so
 * parallel toggles from one person are serialised by the stream and can never count twice.
 */
export const reactorStreamId = (actorId: string) => `reactor-${actorId}`;

export type ToggleReaction = {
  type: 'ToggleReaction';
  responseId: string;
  questionId: number;
  responseAuthorId: string;
  actorId: string;
  emoji: ReactionEmoji;
  at: Date;
};

/** The reactions the person has now, as `responseId emoji`. */
export type ReactorState = { given: ImmutableSet<string> };

const keyOf = (responseId: string, emoji: string) => `${responseId} ${emoji}`;

export const initialState = (): ReactorState => ({ given: ImmutableSet() });

export const evolve = (state: ReactorState, event: ReactionEvent): ReactorState => {
  const key = keyOf(event.data.responseId, event.data.emoji);
  return { given: event.type === 'ReactionAdded' ? state.given.add(key) : state.given.delete(key) };
};

export const hasReacted = (state: ReactorState, responseId: string, emoji: ReactionEmoji) =>
  state.given.has(keyOf(responseId, emoji));

export const reactorDecider: Decider<ToggleReaction, ReactionEvent, ReactorState> = {
  initialState,
  readsPersonalFields: false,
  evolve,
  decide: (command, state) => {
    if (command.responseAuthorId === command.actorId) {
      throw forbidden('Not allowed', "You can't react to your own response.");
    }
    const data = {
      responseId: command.responseId,
      questionId: command.questionId,
      actorId: command.actorId,
      emoji: command.emoji,
      at: command.at.toISOString(),
    };
    return [
      hasReacted(state, command.responseId, command.emoji)
        ? { type: 'ReactionRemoved', data }
        : { type: 'ReactionAdded', data },
    ];
  },
};

/** Bound to the stream its commands address. */
export const reactors = commandHandler(reactorDecider, (c) => reactorStreamId(c.actorId));
