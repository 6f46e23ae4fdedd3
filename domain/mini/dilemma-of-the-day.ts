import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict } from '../shared/errors';
import type { ProductDay } from '../shared/product-day';
import { notReadyError } from './admin-review';
import type { DilemmaTree } from './tree';

/** One stream per product day: the first activation wins, as for the question of the day. */
export const dilemmaOfTheDayStreamId = (day: ProductDay) => `mini-dilemma-of-the-day-${day}`;

export type ActivateDilemma = {
  type: 'ActivateDilemma';
  day: ProductDay;
  dilemma: DilemmaTree;
  /** 'bank' and 'schedule' fill an empty day only; 'admin' replaces, until anyone finished it. */
  source: 'bank' | 'schedule' | 'admin';
  by: string | null;
  /** How many journeys were completed on the day's current dilemma (from the results read model). */
  completedToday: number;
  at: Date;
};

export type DilemmaOfTheDayEvent = EventOfType<'MiniDilemmaActivated'>;

export type DilemmaOfTheDayState = { dilemmaId: string | null };

export const dilemmaOfTheDayDecider: Decider<
  ActivateDilemma,
  DilemmaOfTheDayEvent,
  DilemmaOfTheDayState
> = {
  initialState: () => ({ dilemmaId: null }),
  evolve: (_state, event) => ({ dilemmaId: event.data.dilemmaId }),
  decide: (command, state) => {
    if (state.dilemmaId !== null && command.source !== 'admin') return [];
    if (state.dilemmaId === command.dilemma.dilemmaId) return [];
    if (state.dilemmaId !== null && command.completedToday > 0) {
      throw conflict(
        'Already walked today',
        'Someone has already completed today’s dilemma, so it cannot be replaced. Schedule this one for tomorrow instead.',
      );
    }
    const notReady = notReadyError(command.dilemma);
    if (notReady) throw notReady;
    return [
      {
        type: 'MiniDilemmaActivated',
        data: {
          day: command.day,
          dilemmaId: command.dilemma.dilemmaId,
          content: command.dilemma.content,
          choices: command.dilemma.choices.map((c) => ({
            ...c,
            archetypeIds: [...c.archetypeIds],
          })),
          source: command.source,
          by: command.by,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const dilemmasOfTheDay = commandHandler(dilemmaOfTheDayDecider, (c) =>
  dilemmaOfTheDayStreamId(c.day),
);

/** The tree an activation carries. */
export const treeOfActivation = (event: DilemmaOfTheDayEvent): DilemmaTree => ({
  dilemmaId: event.data.dilemmaId,
  content: event.data.content,
  choices: event.data.choices,
});
