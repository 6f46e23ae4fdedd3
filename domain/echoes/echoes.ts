import type { Decider } from '../shared/decider';
import { forbidden, limitReached } from '../shared/errors';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
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

export type EchoState = { echoed: Set<string>; givenPerDay: Map<ProductDay, number> };

export const initialState = (): EchoState => ({ echoed: new Set(), givenPerDay: new Map() });

/** Updates the state it is given; a fold always starts from a fresh initialState(). */
export const evolve = (state: EchoState, event: EchoEvent): EchoState => {
  if (event.type === 'EchoGiven') {
    state.echoed.add(event.data.responseId);
    state.givenPerDay.set(event.data.day, (state.givenPerDay.get(event.data.day) ?? 0) + 1);
  } else {
    // Withdrawing does not give the echo back: the day's count stays.
    state.echoed.delete(event.data.responseId);
  }
  return state;
};

export const echoesGivenOn = (state: EchoState, day: ProductDay) => state.givenPerDay.get(day) ?? 0;

export const echoDecider = (
  rules: DayRules,
  limit = ECHO_DAILY_LIMIT,
): Decider<ToggleEcho, EchoEvent, EchoState> => ({
  initialState,
  evolve,
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
        'Daily echo limit reached. Resets tomorrow at 3 AM EST.',
      );
    }
    return [{ type: 'EchoGiven', data: { ...base, day, at: command.at.toISOString() } }];
  },
});
