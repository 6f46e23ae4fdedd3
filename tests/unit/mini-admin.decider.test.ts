import { describe, expect, it } from 'vitest';
import {
  copyOfTree,
  notReadyError,
  templateOf,
  treeOfTemplate,
} from '../../domain/mini/admin-review';
import { miniBank } from '../../domain/mini/bank';
import { dilemmaOfTheDayDecider } from '../../domain/mini/dilemma-of-the-day';
import { dilemmaDecider, type DilemmaEvent } from '../../domain/mini/dilemmas';
import { treeProblems } from '../../domain/mini/tree';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const today = '2026-11-22';

/** An admin's dilemma, d1: c1 ends at the guardian; c2 leads on to c3 (no archetype yet). */
const created: DilemmaEvent = {
  type: 'MiniDilemmaCreated',
  data: { dilemmaId: 'd1', content: 'Initial Prompt: Q?', source: 'admin', by: 'ada', at: iso },
};
const added = (choiceId: string, parentChoiceId: string | null, depth: number, ends: boolean) =>
  ({
    type: 'MiniChoiceAdded',
    data: {
      dilemmaId: 'd1',
      choiceId,
      parentChoiceId,
      content: `Choice ${choiceId}`,
      depth,
      leadToArchetype: ends,
      by: 'ada',
      at: iso,
    },
  }) satisfies DilemmaEvent;
const linked = (choiceId: string, archetypeId: string): DilemmaEvent => ({
  type: 'MiniChoiceLinkedToArchetype',
  data: { dilemmaId: 'd1', choiceId, archetypeId, by: 'ada', at: iso },
});
const unfinished = [
  created,
  added('c1', null, 0, true),
  linked('c1', 'guardian'),
  added('c2', null, 0, false),
  added('c3', 'c2', 1, true),
];
const whole = [...unfinished, linked('c3', 'pragmatist')];

describe('an admin’s dilemma while it is pending', () => {
  const given = specFor(dilemmaDecider);
  const schedule = (day: string, activatedOn: string | null = null) => ({
    type: 'ScheduleDilemma' as const,
    dilemmaId: 'd1',
    day,
    today,
    by: 'ada',
    activatedOn,
    at,
  });
  const remove = (activatedOn: string | null = null) => ({
    type: 'DeleteDilemma' as const,
    dilemmaId: 'd1',
    by: 'ada',
    activatedOn,
    at,
  });

  it('is scheduled for a later day, naming the admin; today’s date is an activation', () => {
    given(whole)
      .when(schedule('2026-11-23'))
      .then([
        {
          type: 'MiniDilemmaScheduled',
          data: { dilemmaId: 'd1', day: '2026-11-23', by: 'ada', at: iso },
        },
      ]);
    // The spec's minimum date is today: the route makes today's date an activation.
    given(whole)
      .when(schedule(today))
      .thenFails('invalid', 'Today’s dilemma is set by activating it.');
    given(whole)
      .when(schedule('2026-11-21'))
      .thenFails('invalid', 'Please select today or a later date.');
  });

  it('is not scheduled while a traveller could get stuck in it, and says what is missing', () => {
    given(unfinished)
      .when(schedule('2026-11-23'))
      .thenFails('invalid', /choice c3: it ends the journey without an archetype.*no dead ends/i);
    given([created])
      .when(schedule('2026-11-23'))
      .thenFails('invalid', /no first options/);
  });

  it('is deleted once, naming the admin', () => {
    const deleted: DilemmaEvent = {
      type: 'MiniDilemmaDeleted',
      data: { dilemmaId: 'd1', by: 'ada', at: iso },
    };
    given(unfinished).when(remove()).then([deleted]);
    given([...unfinished, deleted])
      .when(remove())
      .thenNothing();
    given([...unfinished, deleted])
      .when(schedule('2026-11-23'))
      .thenFails('not_found');
    given([]).when(remove()).thenFails('not_found');
  });

  it('is neither scheduled nor deleted once it was activated: it is no longer pending', () => {
    given(whole)
      .when(remove(today))
      .thenFails('conflict', /activated on 2026-11-22/);
    given(whole)
      .when(schedule('2026-11-24', today))
      .thenFails('conflict', /no longer pending/);
  });

  it('refuses a choice whose depth does not follow its parent or goes deeper than 5', () => {
    const chain = [
      created,
      ...[0, 1, 2, 3, 4, 5].map((d) => added(`k${d}`, d ? `k${d - 1}` : null, d, false)),
    ];
    given(chain)
      .when({
        type: 'AddChoice',
        dilemmaId: 'd1',
        choiceId: 'k6',
        parentChoiceId: 'k5',
        content: 'Too deep',
        depth: 6,
        leadToArchetype: true,
        by: 'ada',
        at,
      })
      .thenFails('invalid', /5 deep at most/);
  });
});

describe('activating an admin’s dilemma now', () => {
  const given = specFor(dilemmaOfTheDayDecider);
  const tree = { dilemmaId: 'd1', content: 'Initial Prompt: Q?', choices: [] as const };

  it('refuses a tree with a dead end, saying what makes it activatable', () => {
    const deadEnd = {
      ...tree,
      choices: [
        {
          id: 'c1',
          parentChoiceId: null,
          content: 'x',
          depth: 0,
          leadToArchetype: false,
          archetypeIds: [],
        },
      ],
    };
    given([])
      .when({
        type: 'ActivateDilemma',
        day: today,
        dilemma: deadEnd,
        source: 'admin',
        by: 'ada',
        completedToday: 0,
        at,
      })
      .thenFails('invalid', /dead end.*every path ends at an archetype/);
  });
});

describe('dilemmas generated from the bank', () => {
  it('copies a bank tree under new ids that can be walked', () => {
    const copy = copyOfTree(miniBank[0]!, 'x1');
    expect(copy.choices.every((c) => c.id.startsWith('x1-'))).toBe(true);
    expect(treeProblems(copy)).toEqual([]);
    expect(copy.choices.map((c) => c.archetypeIds)).toEqual(
      miniBank[0]!.choices.map((c) => c.archetypeIds),
    );
  });

  it('turns a bank tree into a diverse template and back into a walkable flat tree', () => {
    const template = templateOf(miniBank[0]!);
    expect(template.initialChoices).toHaveLength(3);
    expect(template.initialChoices[0]!.archetypeAlignment).toEqual([
      'The Bridge Builder',
      'The Truth-Teller',
    ]);
    const tree = treeOfTemplate(template, 'x2');
    expect(notReadyError(tree)).toBeNull();
    expect(tree.choices[0]).toMatchObject({ depth: 0, leadToArchetype: true });
    expect(() =>
      treeOfTemplate(
        {
          ...template,
          initialChoices: [
            { content: 'x', archetypeAlignment: ['The Nobody'] },
            ...template.initialChoices,
          ],
        },
        'x3',
      ),
    ).toThrow(/no archetype named “The Nobody”/);
  });
});
