import { Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import { NICKNAME_ADJECTIVES, NICKNAME_NOUNS } from '../contracts/mini';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';

/** The nicknames of one Fellow Travelers chat: who is called what, and which names are taken. */
export const travelerNamesStreamId = (dilemmaId: string, archetypeId: string) =>
  `mini-traveler-names-${dilemmaId}-${archetypeId}`;

const PAIRS = NICKNAME_ADJECTIVES.length * NICKNAME_NOUNS.length;

/** The spec's nicknames: 10 adjectives × 10 nouns × the numbers 0 to 99. */
export const NICKNAME_SPACE = PAIRS * 100;

const nameAt = (index: number, number = Math.floor(index / PAIRS)) => {
  const adjective = NICKNAME_ADJECTIVES[index % NICKNAME_ADJECTIVES.length]!;
  const noun =
    NICKNAME_NOUNS[Math.floor(index / NICKNAME_ADJECTIVES.length) % NICKNAME_NOUNS.length]!;
  return `${adjective} ${noun} ${number}`;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Every nickname of the spec once, in an order drawn from `seed` (a non-negative integer): a
 * start and a stride coprime with the space, so the walk visits each name exactly once.
 */
export function* nicknameCandidates(seed: number): Generator<string> {
  const start = seed % NICKNAME_SPACE;
  let stride = (Math.floor(seed / NICKNAME_SPACE) % (NICKNAME_SPACE - 1)) + 1;
  while (gcd(stride, NICKNAME_SPACE) !== 1) stride++;
  for (let step = 0; step < NICKNAME_SPACE; step++) {
    yield nameAt((start + step * stride) % NICKNAME_SPACE);
  }
}

export type NameTraveler = {
  type: 'NameTraveler';
  dilemmaId: string;
  archetypeId: string;
  personId: string;
  /** Draws the person's nickname: the same seed gives the same one while it is free. */
  seed: number;
  at: Date;
};

type TravelerNamed = EventOfType<'MiniTravelerNamed'>;

export type TravelerNamesState = {
  byPerson: ImmutableMap<string, string>;
  taken: ImmutableSet<string>;
};

/**
 * The first free name of the seed's walk; once all 10,000 are taken (a crowd the spec did not
 * imagine), the seed's adjective and noun with the first free number from 100 on.
 */
const freeName = (seed: number, taken: ImmutableSet<string>): string => {
  for (const name of nicknameCandidates(seed)) if (!taken.has(name)) return name;
  const index = seed % NICKNAME_SPACE;
  for (let number = 100; ; number++) {
    const name = nameAt(index, number);
    if (!taken.has(name)) return name;
  }
};

export const travelerNamesDecider: Decider<NameTraveler, TravelerNamed, TravelerNamesState> = {
  initialState: () => ({ byPerson: ImmutableMap(), taken: ImmutableSet() }),
  evolve: (state, { data }) => ({
    byPerson: state.byPerson.set(data.personId, data.nickname),
    taken: state.taken.add(data.nickname),
  }),
  // A traveller named before keeps the name: nothing to record.
  decide: (command, state) => {
    if (state.byPerson.has(command.personId)) return [];
    const { dilemmaId, archetypeId, personId } = command;
    const nickname = freeName(command.seed, state.taken);
    return [
      {
        type: 'MiniTravelerNamed',
        data: { dilemmaId, archetypeId, personId, nickname, at: command.at.toISOString() },
      },
    ];
  },
};

/** Bound to the stream its commands address: the chat's own. */
export const travelerNames = commandHandler(travelerNamesDecider, (c) =>
  travelerNamesStreamId(c.dilemmaId, c.archetypeId),
);
