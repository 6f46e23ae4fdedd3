import { describe, it } from 'vitest';
import { miniBank } from '../../domain/mini/bank';
import {
  journeyDecider,
  type CompleteJourney,
  type JourneyEvent,
  type ResetResult,
} from '../../domain/mini/journeys';
import { specFor } from '../support/given-when-then';

const given = specFor(journeyDecider({ timeZone: 'America/New_York', startHour: 3 }));
const ada = 'user-ada';
const dilemma = miniBank[0]!; // bank-01
const other = miniBank[1]!;
const morning = new Date('2026-11-22T15:00:00Z'); // Nov 22, 10:00 New York
const lateNight = new Date('2026-11-23T07:59:00Z'); // Nov 23, 02:59 New York: still Nov 22
const nextDay = new Date('2026-11-23T08:00:00Z'); // Nov 23, 03:00 New York

const complete = (path: string[], more: Partial<CompleteJourney> = {}): CompleteJourney => ({
  type: 'CompleteJourney',
  journeyId: 'j1',
  personId: ada,
  dilemmaId: dilemma.dilemmaId,
  active: dilemma,
  path,
  whenDone: 'refuse',
  at: morning,
  ...more,
});
const completed = (
  path: string[],
  archetypeId: string,
  day = '2026-11-22',
  at = morning,
  journeyId = 'j1',
): JourneyEvent => ({
  type: 'MiniJourneyCompleted',
  data: {
    journeyId,
    dilemmaId: 'bank-01',
    archetypeId,
    personId: ada,
    path,
    day,
    at: at.toISOString(),
  },
});
const reset = (at = morning): ResetResult => ({ type: 'ResetResult', personId: ada, at });
const wasReset = (day = '2026-11-22', at = morning, journeyId = 'j1'): JourneyEvent => ({
  type: 'MiniResultReset',
  data: { journeyId, dilemmaId: 'bank-01', personId: ada, day, at: at.toISOString() },
});

const toRuleKeeper = ['bank-01-b'];
const chain = ['bank-01-a', 'bank-01-a-b', 'bank-01-a-b-a'];

describe('CompleteJourney: the server decides the archetype from the path', () => {
  it('records the archetype a one-step path leads to', () => {
    given([])
      .when(complete(toRuleKeeper))
      .then([completed(toRuleKeeper, 'rule-keeper')]);
  });

  it('follows a path through a single-child chain to its end', () => {
    given([])
      .when(complete(chain))
      .then([completed(chain, 'truth-teller')]);
  });

  it('takes the first archetype of a choice linked to several', () => {
    const path = ['bank-01-c', 'bank-01-c-b'];
    given([])
      .when(complete(path))
      .then([completed(path, 'pragmatist')]);
  });

  it('accepts the archetype the browser claims when it is the one the path earns', () => {
    given([])
      .when(complete(toRuleKeeper, { claimedArchetypeId: 'rule-keeper' }))
      .then([completed(toRuleKeeper, 'rule-keeper')]);
  });

  it('refuses a made-up archetype for a real path', () => {
    given([])
      .when(complete(toRuleKeeper, { claimedArchetypeId: 'guardian' }))
      .thenFails('invalid', /does not lead to that archetype/);
  });

  it('refuses a forged child: a choice that does not follow the one before', () => {
    given([])
      .when(complete(['bank-01-a', 'bank-01-c-a']))
      .thenFails('invalid', /does not follow choice bank-01-a/);
  });

  it('refuses a path that does not start at a first option', () => {
    given([])
      .when(complete(['bank-01-a-a']))
      .thenFails('invalid', /not one of the dilemma's first options/);
  });

  it('refuses a choice of another dilemma', () => {
    given([])
      .when(complete(['bank-02-c']))
      .thenFails('invalid', /not part of this dilemma/);
  });

  it('refuses a path too shallow: the journey has not ended', () => {
    given([])
      .when(complete(['bank-01-a', 'bank-01-a-b']))
      .thenFails('invalid', /has not ended yet/);
  });

  it('refuses a path too deep: it goes on after the end', () => {
    given([])
      .when(complete(['bank-01-b', 'bank-01-a']))
      .thenFails('invalid', /goes on after the journey ended/);
  });

  it('refuses a dilemma that is not today’s, and a day with none', () => {
    given([])
      .when(complete(['bank-02-c'], { dilemmaId: other.dilemmaId }))
      .thenFails('conflict', /not active today/);
    given([])
      .when(complete(toRuleKeeper, { active: null }))
      .thenFails('not_found', /No active dilemma/);
  });
});

describe('one result per person per dilemma per product day', () => {
  it('refuses a second journey the same product day, up to 02:59 the next morning', () => {
    given([completed(toRuleKeeper, 'rule-keeper')])
      .when(complete(chain, { at: lateNight }))
      .thenFails('conflict', /already completed today's journey/);
  });

  it('keeps the first result and records nothing for the legacy flow', () => {
    given([completed(toRuleKeeper, 'rule-keeper')])
      .when(complete(chain, { whenDone: 'keep' }))
      .thenNothing();
  });

  it('allows a new journey from 03:00', () => {
    given([completed(toRuleKeeper, 'rule-keeper')])
      .when(complete(chain, { at: nextDay, journeyId: 'j2' }))
      .then([completed(chain, 'truth-teller', '2026-11-23', nextDay, 'j2')]);
  });
});

describe('ResetResult', () => {
  it('clears today’s result, then a new journey is allowed', () => {
    given([completed(toRuleKeeper, 'rule-keeper')])
      .when(reset())
      .then([wasReset()]);
    given([completed(toRuleKeeper, 'rule-keeper'), wasReset()])
      .when(complete(chain, { journeyId: 'j2' }))
      .then([completed(chain, 'truth-teller', '2026-11-22', morning, 'j2')]);
  });

  it('finds nothing to reset without a result today (yesterday’s stays)', () => {
    given([])
      .when(reset())
      .thenFails('not_found', /no result today/);
    given([completed(toRuleKeeper, 'rule-keeper')])
      .when(reset(nextDay))
      .thenFails('not_found', /no result today/);
    given([completed(toRuleKeeper, 'rule-keeper'), wasReset()])
      .when(reset())
      .thenFails('not_found');
  });
});
