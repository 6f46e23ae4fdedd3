import { describe, expect, it } from 'vitest';
import { parseChoiceContent, parseDilemmaContent } from '../../domain/contracts/mini';
import { bankArchetypes, miniBank, nextBankDilemma } from '../../domain/mini/bank';
import { narrativeOf } from '../../domain/mini/narrative';
import {
  childrenOf,
  endsJourney,
  treeProblems,
  type DilemmaTree,
  type TreeChoice,
} from '../../domain/mini/tree';

const choice = (
  id: string,
  parent: string | null,
  depth: number,
  more: Partial<TreeChoice> = {},
) => ({
  id,
  parentChoiceId: parent,
  content: `Choice ${id}`,
  depth,
  leadToArchetype: false,
  archetypeIds: [],
  ...more,
});
const tree = (...choices: TreeChoice[]): DilemmaTree => ({
  dilemmaId: 'd',
  content: 'Initial Prompt: What now? Initial Options: this or that.',
  choices,
});
const leaf = (id: string, parent: string | null, depth: number) =>
  choice(id, parent, depth, { leadToArchetype: true, archetypeIds: ['guardian'] });

describe('the dilemma bank', () => {
  it('holds two weeks of trees and at least eight archetypes, all complete', () => {
    expect(miniBank.length).toBeGreaterThanOrEqual(14);
    expect(bankArchetypes.length).toBeGreaterThanOrEqual(8);
    for (const a of bankArchetypes) {
      expect(a.name && a.description && a.worldview && a.approach).toBeTruthy();
      expect(a.coreValues.length).toBeGreaterThan(0);
    }
  });

  it('has unique ids for dilemmas, choices and archetypes', () => {
    const ids = [
      ...miniBank.map((d) => d.dilemmaId),
      ...miniBank.flatMap((d) => d.choices.map((c) => c.id)),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(bankArchetypes.map((a) => a.id)).size).toBe(bankArchetypes.length);
  });

  it.each(miniBank.map((d) => [d.dilemmaId, d] as const))(
    '%s: no dead end, every choice reaches an archetype, depth within 0–3',
    (_id, dilemma) => {
      expect(treeProblems(dilemma)).toEqual([]);
      const known = new Set<string>(bankArchetypes.map((a) => a.id));
      for (const c of dilemma.choices) {
        expect(c.depth).toBeLessThanOrEqual(3);
        c.archetypeIds.forEach((id) => expect(known.has(id)).toBe(true));
      }
      expect(parseDilemmaContent(dilemma.content).options).not.toBeNull();
      expect(dilemma.content).toMatch(/^Initial Prompt: .+\nInitial Options: .+$/);
    },
  );

  it('writes every choice with the spec’s markers', () => {
    for (const c of miniBank.flatMap((d) => d.choices)) {
      const parts = parseChoiceContent(c.content);
      expect(parts.label).not.toBe('');
      if (endsJourney(c)) expect(parts.final).toBe(true);
      else expect(parts.followUp && parts.newOptions).toBeTruthy();
    }
  });

  it('has single-child chains that auto-advance (depth 1 to 3)', () => {
    const chained = miniBank.flatMap((d) =>
      d.choices.filter((c) => {
        const children = childrenOf(d, c.id);
        return children.length === 1 && children[0]!.depth >= 1 && children[0]!.depth <= 3;
      }),
    );
    expect(chained.length).toBeGreaterThanOrEqual(3);
    expect(chained.some((c) => c.id.startsWith('bank-01-'))).toBe(true);
  });

  it('leads somewhere to every archetype', () => {
    const reached = new Set(miniBank.flatMap((d) => d.choices.flatMap((c) => c.archetypeIds)));
    expect([...reached].sort()).toEqual(bankArchetypes.map((a) => a.id).sort());
  });

  it('gives a day the first unused dilemma, then the one used longest ago', () => {
    expect(nextBankDilemma(miniBank, new Map()).dilemmaId).toBe('bank-01');
    expect(nextBankDilemma(miniBank, new Map([['bank-01', '2026-11-01']])).dilemmaId).toBe(
      'bank-02',
    );
    const allUsed = new Map<string, string>(
      miniBank.map((d, i) => [d.dilemmaId, `2026-12-${10 + i}`]),
    );
    allUsed.set('bank-05', '2026-11-30');
    expect(nextBankDilemma(miniBank, allUsed).dilemmaId).toBe('bank-05');
  });
});

describe('the tree check', () => {
  it('accepts a small complete tree', () => {
    expect(
      treeProblems(tree(choice('a', null, 0), leaf('a1', 'a', 1), leaf('b', null, 0))),
    ).toEqual([]);
  });

  it('rejects a dead end: a choice that neither ends nor leads on', () => {
    expect(treeProblems(tree(choice('a', null, 0), leaf('b', null, 0)))).toEqual([
      { choiceId: 'a', problem: 'it is a dead end: no next step and no archetype' },
    ]);
  });

  it('rejects an ending without an archetype (no path to one)', () => {
    expect(treeProblems(tree(choice('a', null, 0, { leadToArchetype: true })))).toEqual([
      { choiceId: 'a', problem: 'it ends the journey without an archetype' },
    ]);
    // Depth 3 ends the journey too, archetype or not.
    const deep = tree(
      choice('a', null, 0),
      choice('b', 'a', 1),
      choice('c', 'b', 2),
      choice('d', 'c', 3),
    );
    expect(treeProblems(deep)).toContainEqual({
      choiceId: 'd',
      problem: 'it ends the journey without an archetype',
    });
  });

  it('rejects depth over 5, depths that do not follow, unknown parents and unreachable choices', () => {
    const problems = treeProblems(
      tree(
        choice('a', null, 0),
        leaf('a1', 'a', 1),
        choice('x', 'a1', 2),
        leaf('y', 'nowhere', 6),
        leaf('z', 'a', 3),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { choiceId: 'x', problem: 'it lies beyond the end of the journey' },
        { choiceId: 'y', problem: 'its parent is not in the dilemma' },
        { choiceId: 'y', problem: 'its depth is over 5' },
        { choiceId: 'z', problem: 'its depth is 3, not 1' },
      ]),
    );
    expect(treeProblems({ ...tree(), choices: [] })).toEqual([
      { choiceId: null, problem: 'the dilemma has no first options' },
    ]);
  });
});

describe('the legacy narrative', () => {
  it('is the same tree: the dilemma first, then one prompt per choice that leads on', () => {
    const dilemma = miniBank[0]!;
    const narrative = narrativeOf(dilemma);
    const start = narrative.fullNarrative[narrative.initialPrompt]!;
    expect(start.depth).toBe(1);
    expect(start.scenario).toBe(parseDilemmaContent(dilemma.content).prompt);
    expect(start.choices.map((c) => c.id)).toEqual(['bank-01-a', 'bank-01-b', 'bank-01-c']);
    expect(start.choices.find((c) => c.id === 'bank-01-b')!.nextPromptId).toBeNull();
    const next = narrative.fullNarrative['bank-01-a']!;
    expect(next.depth).toBe(2);
    expect(next.choices.map((c) => c.id)).toEqual(['bank-01-a-a', 'bank-01-a-b']);
    const leading = dilemma.choices.filter((c) => !endsJourney(c)).length;
    expect(Object.keys(narrative.fullNarrative)).toHaveLength(leading + 1);
  });
});
