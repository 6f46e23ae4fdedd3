import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../domain/event-catalog';
import { miniBank } from '../../domain/mini/bank';
import { miniAdminProjection } from '../../projections/mini-admin';
import { miniCatalogProjection } from '../../projections/mini-catalog';
import { miniResultsProjection } from '../../projections/mini-results';
import { projectionSpec } from '../support/projection-spec';

const at = '2026-11-22T15:00:00.000Z';
const completed = (journeyId: string, personId: string, archetypeId = 'guardian'): AnyEvent => ({
  type: 'MiniJourneyCompleted',
  data: {
    journeyId,
    dilemmaId: 'bank-01',
    archetypeId,
    personId,
    path: ['bank-01-b'],
    day: '2026-11-22',
    at,
  },
});
const reset = (journeyId: string, personId: string): AnyEvent => ({
  type: 'MiniResultReset',
  data: { journeyId, dilemmaId: 'bank-01', personId, day: '2026-11-22', at },
});

describe('Mini results', () => {
  const results = async (events: AnyEvent[]) =>
    (await projectionSpec(miniResultsProjection).given(events)).read.mini_results;

  it('keeps each standing result, found by person and day', async () => {
    const docs = await results([completed('j1', 'ada'), completed('j2', 'bob', 'rule-keeper')]);
    expect(await docs.findOne({ personId: 'ada', day: '2026-11-22' })).toMatchObject({
      _id: 'j1',
      dilemmaId: 'bank-01',
      archetypeId: 'guardian',
      completedAt: at,
    });
  });

  it('removes a reset result; a new journey stands in its place', async () => {
    const docs = await results([
      completed('j1', 'ada'),
      reset('j1', 'ada'),
      completed('j2', 'ada'),
    ]);
    expect((await docs.find({ personId: 'ada' })).map((d) => d._id)).toEqual(['j2']);
  });

  it('counts fellow travellers of a dilemma and archetype', async () => {
    const docs = await results([
      completed('j1', 'ada'),
      completed('j2', 'bob', 'rule-keeper'),
      completed('j3', 'cy'),
    ]);
    const filter = { dilemmaId: 'bank-01', archetypeId: 'guardian', day: '2026-11-22' };
    expect(await docs.count(filter)).toBe(2);
  });

  it('forgets an erased person’s results', async () => {
    const docs = await results([
      completed('j1', 'ada'),
      completed('j2', 'bob'),
      { type: 'PersonErased', data: { personId: 'ada', at } },
    ]);
    expect((await docs.find({})).map((d) => d.personId)).toEqual(['bob']);
  });
});

describe('Mini catalog', () => {
  const tree = miniBank[0]!;
  const activated = (day: string, source: 'bank' | 'admin' = 'bank'): AnyEvent => ({
    type: 'MiniDilemmaActivated',
    data: {
      day,
      dilemmaId: tree.dilemmaId,
      content: tree.content,
      choices: tree.choices.map((c) => ({ ...c, archetypeIds: [...c.archetypeIds] })),
      source,
      by: null,
      at,
    },
  });

  it('records the tree each day walked, by day and by dilemma', async () => {
    const { read } = await projectionSpec(miniCatalogProjection).given([
      activated('2026-11-22'),
      activated('2026-12-06'),
    ]);
    const day = await read.mini_days.findOne({ _id: '2026-11-22' });
    expect(day).toMatchObject({ dilemmaId: 'bank-01', source: 'bank' });
    expect(day!.choices).toHaveLength(tree.choices.length);
  });

  it('keeps a dilemma’s latest schedule until it is deleted', async () => {
    const scheduled = (day: string): AnyEvent => ({
      type: 'MiniDilemmaScheduled',
      data: { dilemmaId: 'mine', day, by: 'admin', at },
    });
    const { read } = await projectionSpec(miniCatalogProjection).given([
      scheduled('2026-11-25'),
      scheduled('2026-11-26'),
    ]);
    expect(await read.mini_schedule.find({ day: '2026-11-26' })).toHaveLength(1);
    expect(await read.mini_schedule.find({ day: '2026-11-25' })).toHaveLength(0);
    const after = await projectionSpec(miniCatalogProjection).given([
      scheduled('2026-11-26'),
      { type: 'MiniDilemmaDeleted', data: { dilemmaId: 'mine', by: 'admin', at } },
    ]);
    expect(await after.read.mini_schedule.find({ day: '2026-11-26' })).toHaveLength(0);
  });

  it('forgets the later day a dilemma was scheduled for once it is activated', async () => {
    const { read } = await projectionSpec(miniCatalogProjection).given([
      {
        type: 'MiniDilemmaScheduled',
        data: { dilemmaId: 'bank-01', day: '2026-11-26', by: 'admin', at },
      },
      activated('2026-11-22', 'admin'),
    ]);
    expect(await read.mini_schedule.find({ day: '2026-11-26' })).toHaveLength(0);
  });

  it('keeps the archetypes admins define', async () => {
    const { read } = await projectionSpec(miniCatalogProjection).given([
      {
        type: 'MiniArchetypeDefined',
        data: {
          archetypeId: 'steward',
          name: 'The Steward',
          description: 'Looks after what is shared.',
          worldview: 'We borrow the world.',
          coreValues: ['Care'],
          approach: 'Think in generations.',
          by: 'admin',
          at,
        },
      },
    ]);
    expect(await read.mini_archetypes.findOne({ _id: 'steward' })).toMatchObject({
      name: 'The Steward',
      coreValues: ['Care'],
    });
  });
});

describe('Mini admin: the day’s dilemma and its completions', () => {
  const created = (dilemmaId: string): AnyEvent => ({
    type: 'MiniDilemmaCreated',
    data: { dilemmaId, content: `Dilemma ${dilemmaId}`, source: 'admin', by: 'ada', at },
  });
  const activated = (dilemmaId: string, day: string): AnyEvent => ({
    type: 'MiniDilemmaActivated',
    data: {
      day,
      dilemmaId,
      content: `Dilemma ${dilemmaId}`,
      choices: [
        {
          id: `${dilemmaId}-a`,
          parentChoiceId: null,
          content: 'A',
          depth: 0,
          leadToArchetype: true,
          archetypeIds: ['guardian'],
        },
      ],
      source: 'admin',
      by: 'ada',
      at,
    },
  });
  const finished = (dilemmaId: string, day: string): AnyEvent => ({
    type: 'MiniJourneyCompleted',
    data: {
      journeyId: `j-${dilemmaId}-${day}`,
      dilemmaId,
      archetypeId: 'guardian',
      personId: 'bob',
      path: [`${dilemmaId}-a`],
      day,
      at,
    },
  });

  it('counts a day’s completions of its own dilemma only, and sends a replaced dilemma back to review', async () => {
    const counted = await projectionSpec(miniAdminProjection).given([
      created('one'),
      activated('one', '2026-11-22'),
      finished('one', '2026-11-22'),
      finished('two', '2026-11-22'),
      finished('one', '2026-11-23'),
    ]);
    expect(await counted.read.mini_admin_days.findOne({ _id: '2026-11-22' })).toMatchObject({
      dilemmaId: 'one',
      completions: 1,
    });
    expect(await counted.read.mini_admin_days.findOne({ _id: '2026-11-23' })).toBeNull();
    const { read } = await projectionSpec(miniAdminProjection).given([
      created('one'),
      created('two'),
      activated('one', '2026-11-21'),
      activated('one', '2026-11-22'),
      finished('one', '2026-11-22'),
      finished('two', '2026-11-22'),
      // Replacing the 21st's dilemma leaves "one" where the 22nd put it.
      activated('two', '2026-11-21'),
      activated('two', '2026-11-22'),
    ]);
    expect(await read.mini_admin_days.findOne({ _id: '2026-11-22' })).toMatchObject({
      dilemmaId: 'two',
      completions: 0,
    });
    expect(await read.mini_admin_dilemmas.findOne({ _id: 'one' })).toMatchObject({
      status: 'pending',
      activatedOn: null,
    });
    const again = await projectionSpec(miniAdminProjection).given([
      created('one'),
      created('two'),
      activated('one', '2026-11-22'),
      activated('one', '2026-11-23'),
      finished('one', '2026-11-22'),
      finished('two', '2026-11-22'),
      activated('two', '2026-11-22'),
    ]);
    expect(await again.read.mini_admin_days.findOne({ _id: '2026-11-22' })).toMatchObject({
      dilemmaId: 'two',
    });
    // "one" was activated again for the 23rd since: the 22nd's replacement does not touch it.
    expect(await again.read.mini_admin_dilemmas.findOne({ _id: 'one' })).toMatchObject({
      status: 'activated',
      activatedOn: '2026-11-23',
    });
  });
});
