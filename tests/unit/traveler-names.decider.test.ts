import { describe, expect, it } from 'vitest';
import type { EventOfType } from '../../domain/event-catalog';
import {
  NICKNAME_SPACE,
  nicknameCandidates,
  travelerNamesDecider,
  type NameTraveler,
} from '../../domain/mini/traveler-names';
import { fold } from '../../domain/shared/decider';
import { specFor } from '../support/given-when-then';

const given = specFor(travelerNamesDecider);
const at = new Date('2026-11-22T15:00:00Z');
const pair = { dilemmaId: 'bank-01', archetypeId: 'truth-teller' };
const name = (personId: string, seed: number): NameTraveler => ({
  type: 'NameTraveler',
  ...pair,
  personId,
  seed,
  at,
});
const named = (personId: string, nickname: string): EventOfType<'MiniTravelerNamed'> => ({
  type: 'MiniTravelerNamed',
  data: { ...pair, personId, nickname, at: at.toISOString() },
});
const first = (seed: number) => nicknameCandidates(seed).next().value as string;

describe('Fellow Travelers nicknames', () => {
  it('walks every one of the spec’s 10,000 names once, in an order the seed draws', () => {
    for (const seed of [0, 7, 123_456_789, 2 ** 48 - 1]) {
      const names = [...nicknameCandidates(seed)];
      expect(names).toHaveLength(NICKNAME_SPACE);
      expect(new Set(names).size).toBe(NICKNAME_SPACE);
      expect(names.every((n) => /^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,2}$/.test(n))).toBe(true);
    }
    expect(first(7)).toBe(first(7));
    expect(first(7)).not.toBe(first(8));
  });

  it('names a traveller by their seed, once: asking again changes nothing', () => {
    given([])
      .when(name('ann', 7))
      .then([named('ann', first(7))]);
    given([named('ann', first(7))])
      .when(name('ann', 99))
      .thenNothing();
  });

  it('never gives a second traveller a name that is taken', () => {
    const taken = first(7);
    const [events] = [
      travelerNamesDecider.decide(
        name('bob', 7),
        fold(travelerNamesDecider, [named('ann', taken)]),
      ),
    ];
    expect(events).toHaveLength(1);
    expect(events![0]!.data.nickname).not.toBe(taken);
  });

  it('goes past the spec’s numbers rather than share a name once all 10,000 are taken', () => {
    const everyone = [...nicknameCandidates(0)].map((nickname, i) => named(`p${i}`, nickname));
    const state = fold(travelerNamesDecider, everyone);
    const [event] = travelerNamesDecider.decide(name('late', 5), state);
    expect(event!.data.nickname).toMatch(/ 100$/);
    const next = travelerNamesDecider.decide(
      name('later', 5),
      fold(travelerNamesDecider, [...everyone, event!]),
    );
    expect(next[0]!.data.nickname).toMatch(/ 101$/);
  });
});
