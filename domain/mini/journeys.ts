import { Map as ImmutableMap } from 'immutable';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/errors';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import { archetypeOfPath, type DilemmaTree } from './tree';

/** One person's journeys: one standing result per dilemma per product day. */
export const journeyStreamId = (personId: string) => `mini-journeys-${personId}`;

export type CompleteJourney = {
  type: 'CompleteJourney';
  journeyId: string;
  personId: string;
  /** The dilemma the traveller says they walked. */
  dilemmaId: string;
  /** The day's active dilemma as its own stream records it (null: none today). */
  active: DilemmaTree | null;
  path: readonly string[];
  /** What the browser believes it earned; the server's decision must agree. */
  claimedArchetypeId?: string | undefined;
  /** 'refuse' a second result today (Mini), or 'keep' the first and record nothing (legacy). */
  whenDone: 'refuse' | 'keep';
  at: Date;
};

export type ResetResult = { type: 'ResetResult'; personId: string; at: Date };

export type JourneyCommand = CompleteJourney | ResetResult;

export type JourneyEvent = EventOfType<'MiniJourneyCompleted'> | EventOfType<'MiniResultReset'>;

type Standing = { journeyId: string; archetypeId: string };

/** Standing results by product day, then by dilemma. */
export type JourneyState = { results: ImmutableMap<ProductDay, ImmutableMap<string, Standing>> };

export const initialJourneyState = (): JourneyState => ({ results: ImmutableMap() });

export const evolveJourneys = (state: JourneyState, event: JourneyEvent): JourneyState => {
  const { day, dilemmaId } = event.data;
  if (event.type === 'MiniJourneyCompleted') {
    const standing = { journeyId: event.data.journeyId, archetypeId: event.data.archetypeId };
    return { results: state.results.setIn([day, dilemmaId], standing) };
  }
  return { results: state.results.deleteIn([day, dilemmaId]) };
};

/** The standing result of a day, if any (at most one dilemma is active a day). */
export const resultOn = (state: JourneyState, day: ProductDay) =>
  state.results.get(day)?.entrySeq().first() ?? null;

export const journeyDecider = (
  rules: DayRules,
): Decider<JourneyCommand, JourneyEvent, JourneyState> => ({
  initialState: initialJourneyState,
  evolve: evolveJourneys,
  decide: (command, state) => {
    const day = productDayOf(command.at, rules);
    const at = command.at.toISOString();
    if (command.type === 'ResetResult') {
      const standing = state.results.get(day);
      if (!standing || standing.size === 0) {
        throw notFound('Nothing to reset', 'You have no result today to reset.');
      }
      return [...standing.entries()].map(([dilemmaId, { journeyId }]) => ({
        type: 'MiniResultReset' as const,
        data: { journeyId, dilemmaId, personId: command.personId, day, at },
      }));
    }
    const { active } = command;
    if (!active)
      throw notFound('No active dilemma', 'No active dilemma found. Please check back later.');
    if (active.dilemmaId !== command.dilemmaId) {
      throw conflict(
        'Not today’s dilemma',
        'This dilemma is not active today: journeys take today’s dilemma only.',
        'dilemmaId',
      );
    }
    const archetypeId = archetypeOfPath(active, command.path);
    if (command.claimedArchetypeId !== undefined && command.claimedArchetypeId !== archetypeId) {
      throw invalid('archetypeId', 'Wrong archetype', 'This path does not lead to that archetype.');
    }
    if (state.results.get(day)?.has(active.dilemmaId)) {
      if (command.whenDone === 'keep') return [];
      throw conflict('Already completed', "You've already completed today's journey.");
    }
    return [
      {
        type: 'MiniJourneyCompleted',
        data: {
          journeyId: command.journeyId,
          dilemmaId: active.dilemmaId,
          archetypeId,
          personId: command.personId,
          path: [...command.path],
          day,
          at,
        },
      },
    ];
  },
});

/** Bound to the stream its commands address. */
export const journeys = (rules: DayRules) =>
  commandHandler(journeyDecider(rules), (c) => journeyStreamId(c.personId));
