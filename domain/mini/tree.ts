import { endsJourney } from '../contracts/mini';
import { DomainError, invalid } from '../shared/errors';

export { endsJourney, JOURNEY_END_DEPTH } from '../contracts/mini';

/** The deepest a choice may sit (the spec's 0–5). */
export const MAX_CHOICE_DEPTH = 5;

export type TreeChoice = {
  id: string;
  /** Null for a root choice (one of the dilemma's first options). */
  parentChoiceId: string | null;
  content: string;
  depth: number;
  leadToArchetype: boolean;
  /** Archetypes this choice is associated with, in the order they were linked (the first counts). */
  archetypeIds: readonly string[];
};

/** A dilemma with its whole branching tree: what a journey is checked against. */
export type DilemmaTree = {
  dilemmaId: string;
  content: string;
  choices: readonly TreeChoice[];
};

export const rootChoices = (tree: DilemmaTree) =>
  tree.choices.filter((c) => c.parentChoiceId === null);

export const childrenOf = (tree: DilemmaTree, choiceId: string) =>
  tree.choices.filter((c) => c.parentChoiceId === choiceId);

export type TreeProblem = { choiceId: string | null; problem: string };

/**
 * Everything that would strand a traveller: no first options, a choice whose depth does not
 * follow its parent's or exceeds 5, a dead end (a choice that neither ends the journey nor
 * offers a next step), an ending without an archetype, and choices no journey can reach.
 */
export const treeProblems = (tree: DilemmaTree): TreeProblem[] => {
  const problems: TreeProblem[] = [];
  const byId = new Map(tree.choices.map((c) => [c.id, c]));
  if (byId.size !== tree.choices.length) {
    problems.push({ choiceId: null, problem: 'two choices share an id' });
  }
  if (rootChoices(tree).length === 0) {
    problems.push({ choiceId: null, problem: 'the dilemma has no first options' });
  }
  for (const choice of tree.choices) {
    const parent = choice.parentChoiceId === null ? null : byId.get(choice.parentChoiceId);
    const say = (problem: string) => problems.push({ choiceId: choice.id, problem });
    if (parent === undefined) say('its parent is not in the dilemma');
    const expectedDepth = parent ? parent.depth + 1 : 0;
    if (choice.depth !== expectedDepth) say(`its depth is ${choice.depth}, not ${expectedDepth}`);
    if (choice.depth > MAX_CHOICE_DEPTH) say(`its depth is over ${MAX_CHOICE_DEPTH}`);
    if (parent && endsJourney(parent)) say('it lies beyond the end of the journey');
    if (endsJourney(choice)) {
      if (choice.archetypeIds.length === 0) say('it ends the journey without an archetype');
    } else if (childrenOf(tree, choice.id).length === 0) {
      say('it is a dead end: no next step and no archetype');
    }
  }
  return problems;
};

const pathError = (message: string) => invalid('path', 'Invalid journey', message);

/**
 * The archetype a path earns, decided by the server: the path starts at one of the dilemma's
 * first options, each choice is a child of the one before, and it stops exactly where the
 * journey ends. Anything else is refused, naming the path.
 */
export const archetypeOfPath = (tree: DilemmaTree, path: readonly string[]): string => {
  if (path.length === 0) throw pathError('The path is empty.');
  let parentId: string | null = null;
  for (const [step, choiceId] of path.entries()) {
    const choice = tree.choices.find((c) => c.id === choiceId);
    if (!choice) throw pathError(`Choice ${choiceId} is not part of this dilemma.`);
    if (choice.parentChoiceId !== parentId) {
      throw pathError(
        parentId === null
          ? `Choice ${choiceId} is not one of the dilemma's first options.`
          : `Choice ${choiceId} does not follow choice ${parentId}.`,
      );
    }
    if (endsJourney(choice)) {
      if (step !== path.length - 1) throw pathError('The path goes on after the journey ended.');
      const archetypeId = choice.archetypeIds[0];
      if (!archetypeId) {
        throw new DomainError(
          'not_found',
          'No archetype',
          'No archetypes found for this choice path',
          'path',
        );
      }
      return archetypeId;
    }
    parentId = choice.id;
  }
  throw pathError('The journey has not ended yet: choose until the end.');
};
