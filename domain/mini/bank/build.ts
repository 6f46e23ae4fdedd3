import type { DilemmaTree, TreeChoice } from '../tree';
import type { BankArchetypeId } from './archetypes';

/** A choice as the bank writes it: either it ends the journey, or it leads to a next step. */
export type BankChoice =
  | { label: string; archetypes: readonly BankArchetypeId[] }
  | { label: string; prompt: string; options: string; choices: readonly BankChoice[] };

export type BankDilemma = {
  /** Stable once shipped: choice ids derive from it and from each choice's place. */
  id: string;
  prompt: string;
  options: string;
  choices: readonly BankChoice[];
};

/** A choice that ends the journey, with the archetypes it leads to (the first counts). */
export const ends = (label: string, ...archetypes: BankArchetypeId[]): BankChoice => ({
  label,
  archetypes,
});

/** A choice that leads on: what happens next, and the options it opens. */
export const leads = (
  label: string,
  prompt: string,
  options: string,
  ...choices: BankChoice[]
): BankChoice => ({ label, prompt, options, choices });

const contentOf = (choice: BankChoice) =>
  'archetypes' in choice
    ? `Final Choice: ${choice.label}`
    : `${choice.label}\nFollow-up Prompt: ${choice.prompt}\nNew Options: ${choice.options}`;

/** The tree as the journey checks it, with the spec's markers in every text. */
export const toTree = (dilemma: BankDilemma): DilemmaTree => {
  const choices: TreeChoice[] = [];
  const add = (list: readonly BankChoice[], parentId: string | null, depth: number) =>
    list.forEach((choice, i) => {
      const id = `${parentId ?? dilemma.id}-${String.fromCharCode(97 + i)}`;
      choices.push({
        id,
        parentChoiceId: parentId,
        content: contentOf(choice),
        depth,
        leadToArchetype: 'archetypes' in choice,
        archetypeIds: 'archetypes' in choice ? choice.archetypes : [],
      });
      if (!('archetypes' in choice)) add(choice.choices, id, depth + 1);
    });
  add(dilemma.choices, null, 0);
  return {
    dilemmaId: dilemma.id,
    content: `Initial Prompt: ${dilemma.prompt}\nInitial Options: ${dilemma.options}`,
    choices,
  };
};
