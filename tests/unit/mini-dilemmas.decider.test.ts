import { describe, expect, it } from 'vitest';
import { archetypeDecider } from '../../domain/mini/archetypes';
import { miniBank } from '../../domain/mini/bank';
import {
  dilemmaOfTheDayDecider,
  treeOfActivation,
  type ActivateDilemma,
  type DilemmaOfTheDayEvent,
} from '../../domain/mini/dilemma-of-the-day';
import { dilemmaDecider, type DilemmaEvent } from '../../domain/mini/dilemmas';
import { fold } from '../../domain/shared/decider';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const bank01 = miniBank[0]!;
const bank02 = miniBank[1]!;

describe('the day’s dilemma', () => {
  const given = specFor(dilemmaOfTheDayDecider);
  const activate = (more: Partial<ActivateDilemma> = {}): ActivateDilemma => ({
    type: 'ActivateDilemma',
    day: '2026-11-22',
    dilemma: bank01,
    source: 'bank',
    by: null,
    completedToday: 0,
    at,
    ...more,
  });
  const activated = (tree = bank01, source: 'bank' | 'admin' = 'bank'): DilemmaOfTheDayEvent => ({
    type: 'MiniDilemmaActivated',
    data: {
      day: '2026-11-22',
      dilemmaId: tree.dilemmaId,
      content: tree.content,
      choices: tree.choices.map((c) => ({ ...c, archetypeIds: [...c.archetypeIds] })),
      source,
      by: source === 'admin' ? 'admin' : null,
      at: iso,
    },
  });

  it('is activated with its whole tree, which the day’s journeys are checked against', () => {
    given([]).when(activate()).then([activated()]);
    expect(treeOfActivation(activated())).toEqual(bank01);
  });

  it('keeps the first activation: the bank and a schedule never replace it', () => {
    given([activated()])
      .when(activate({ dilemma: bank02 }))
      .thenNothing();
    given([activated()])
      .when(activate({ dilemma: bank02, source: 'schedule' }))
      .thenNothing();
  });

  it('lets an admin replace it until someone completed it', () => {
    given([activated()])
      .when(activate({ dilemma: bank02, source: 'admin', by: 'admin' }))
      .then([activated(bank02, 'admin')]);
    given([activated()])
      .when(activate({ dilemma: bank02, source: 'admin', by: 'admin', completedToday: 1 }))
      .thenFails('conflict', /cannot be replaced/);
  });

  it('refuses a tree a traveller could get stuck in', () => {
    const broken = { ...bank01, choices: bank01.choices.filter((c) => c.id !== 'bank-01-a-a') };
    const stuck = { ...broken, choices: broken.choices.filter((c) => c.id !== 'bank-01-a-b-a') };
    given([])
      .when(activate({ dilemma: stuck }))
      .thenFails('invalid', /dead end/);
  });
});

describe('a dilemma in the catalog', () => {
  const given = specFor(dilemmaDecider);
  const created: DilemmaEvent = {
    type: 'MiniDilemmaCreated',
    data: { dilemmaId: 'd1', content: 'Initial Prompt: Q?', source: 'admin', by: 'admin', at: iso },
  };
  const choiceAdded = (choiceId: string, parentChoiceId: string | null, depth: number) =>
    ({
      type: 'MiniChoiceAdded',
      data: {
        dilemmaId: 'd1',
        choiceId,
        parentChoiceId,
        content: `Choice ${choiceId}`,
        depth,
        leadToArchetype: depth > 0,
        by: 'admin',
        at: iso,
      },
    }) satisfies DilemmaEvent;
  const add = (choiceId: string, parentChoiceId: string | null, depth: number) => ({
    type: 'AddChoice' as const,
    dilemmaId: 'd1',
    choiceId,
    parentChoiceId,
    content: `Choice ${choiceId}`,
    depth,
    leadToArchetype: depth > 0,
    by: 'admin',
    at,
  });

  it('is created with content, and refuses blank content', () => {
    given([])
      .when({
        type: 'CreateDilemma',
        dilemmaId: 'd1',
        content: ' Initial Prompt: Q? ',
        source: 'admin',
        by: 'admin',
        choices: [],
        at,
      })
      .then([created]);
    given([])
      .when({
        type: 'CreateDilemma',
        dilemmaId: 'd1',
        content: ' \u200b ',
        source: 'admin',
        by: 'admin',
        choices: [],
        at,
      })
      .thenFails('invalid', 'Please enter dilemma content');
  });

  it('arrives whole from the bank, every choice and association an event', () => {
    const events = dilemmaDecider.decide(
      {
        type: 'CreateDilemma',
        dilemmaId: bank01.dilemmaId,
        content: bank01.content,
        source: 'bank',
        by: null,
        choices: bank01.choices,
        at,
      },
      dilemmaDecider.initialState(),
    );
    const state = fold(dilemmaDecider, events);
    expect(state.exists && state.tree).toEqual(bank01);
  });

  it('grows choice by choice, each at its parent’s depth plus one', () => {
    given([created])
      .when(add('c1', null, 0))
      .then([choiceAdded('c1', null, 0)]);
    given([created, choiceAdded('c1', null, 0)])
      .when(add('c2', 'c1', 1))
      .then([choiceAdded('c2', 'c1', 1)]);
    given([created, choiceAdded('c1', null, 0)])
      .when(add('c2', 'c1', 3))
      .thenFails('invalid', /has depth 1/);
    given([created])
      .when(add('c2', 'elsewhere', 1))
      .thenFails('invalid', /parent choice/);
    given([created])
      .when({ ...add('c1', null, 0), content: '  ' })
      .thenFails('invalid', 'Please select a dilemma and enter choice content');
    given([created, choiceAdded('c1', null, 0)])
      .when(add('c1', null, 0))
      .thenFails('conflict');
  });

  it('links a choice to an archetype once', () => {
    const link = {
      type: 'LinkChoiceToArchetype' as const,
      dilemmaId: 'd1',
      choiceId: 'c1',
      archetypeId: 'guardian',
      by: 'admin',
      at,
    };
    const linked: DilemmaEvent = {
      type: 'MiniChoiceLinkedToArchetype',
      data: { dilemmaId: 'd1', choiceId: 'c1', archetypeId: 'guardian', by: 'admin', at: iso },
    };
    given([created, choiceAdded('c1', null, 0)])
      .when(link)
      .then([linked]);
    given([created, choiceAdded('c1', null, 0), linked])
      .when(link)
      .thenNothing();
    given([created])
      .when(link)
      .thenFails('invalid', 'Please select both a choice and an archetype');
  });
});

describe('an archetype an admin defines', () => {
  const given = specFor(archetypeDecider);
  const define = {
    type: 'DefineArchetype' as const,
    archetypeId: 'navigator',
    name: ' The Navigator ',
    description: 'Finds the way.',
    worldview: 'Every map was once blank.',
    coreValues: ['Curiosity'],
    approach: 'Asks where each road leads.',
    by: 'admin',
    at,
  };

  it('is defined once, never over one of the bank’s', () => {
    const { type: _type, at: _at, ...data } = define;
    const definedEvent = {
      type: 'MiniArchetypeDefined' as const,
      data: { ...data, name: 'The Navigator', at: iso },
    };
    given([]).when(define).then([definedEvent]);
    given([definedEvent]).when(define).thenFails('conflict');
    given([])
      .when({ ...define, archetypeId: 'guardian' })
      .thenFails('conflict');
    given([])
      .when({ ...define, name: ' ' })
      .thenFails('invalid');
  });
});
