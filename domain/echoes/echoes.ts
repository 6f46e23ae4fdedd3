import { commandHandler } from '../shared/command-handler';
import { Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import type { Decider } from '../shared/decider';
import { forbidden, limitReached } from '../shared/errors';
import { dayStartLabel, productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import type { EchoEvent } from './events';

export const ECHO_DAILY_LIMIT = 10;

/** Everything one actor's echoes must keep consistent: which they echo, and how many they gave each day. */
export const echoerStreamId = (actorId: string) => `echoer-${actorId}`;

export type ToggleEcho = {
  type: 'ToggleEcho';
  responseId: string;
  questionId: number;
  responseAuthorId: string;
  actorId: string;
  at: Date;
};

/**
 * Which responses the actor echoes now, and how many echoes they gave each product day.
 * Persistent collections: `evolve` returns a new state sharing structure with the old one,
 * so folding a long history stays fast without changing what it was given.
 */
export type EchoState = {
  echoed: ImmutableSet<string>;
  givenPerDay: ImmutableMap<ProductDay, number>;
};

export const initialState = (): EchoState => ({
  echoed: ImmutableSet(),
  givenPerDay: ImmutableMap(),
});

export const evolve = (state: EchoState, event: EchoEvent): EchoState =>
  event.type === 'EchoGiven'
    ? {
        echoed: state.echoed.add(event.data.responseId),
        givenPerDay: state.givenPerDay.update(event.data.day, 0, (n) => n + 1),
      }
    : // Withdrawing does not give the echo back: the day's count stays.
      { ...state, echoed: state.echoed.delete(event.data.responseId) };

export const echoesGivenOn = (state: EchoState, day: ProductDay) => state.givenPerDay.get(day) ?? 0;

export const echoDecider = (
  rules: DayRules,
  limit = ECHO_DAILY_LIMIT,
): Decider<ToggleEcho, EchoEvent, EchoState> => ({
  initialState,
  evolve,
  readsPersonalFields: false,
  decide: (command, state) => {
    if (command.responseAuthorId === command.actorId) {
      throw forbidden('Not allowed', "You can't echo your own response.");
    }
    const base = {
      responseId: command.responseId,
      questionId: command.questionId,
      actorId: command.actorId,
    };
    if (state.echoed.has(command.responseId)) {
      return [{ type: 'EchoWithdrawn', data: { ...base, at: command.at.toISOString() } }];
    }
    const day = productDayOf(command.at, rules);
    if (echoesGivenOn(state, day) >= limit) {
      throw limitReached(
        'Daily Echo Limit Reached',
        `Daily echo limit reached. Resets tomorrow at ${dayStartLabel(rules, command.at)}.`,
      );
    }
    return [{ type: 'EchoGiven', data: { ...base, day, at: command.at.toISOString() } }];
  },
});

/** Bound to the stream its commands address. */
export const echoers = (rules: DayRules) =>
  commandHandler(echoDecider(rules), (c) => echoerStreamId(c.actorId));
