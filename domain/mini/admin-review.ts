import type { DiverseTemplateDto } from '../contracts/mini-admin';
import { invalid, type DomainError } from '../shared/errors';
import { bankArchetypes } from './bank';
import { treeProblems, type DilemmaTree, type TreeChoice } from './tree';

/** What an admin-made tree needs before anyone may walk it. */
export const READY_RULE =
  'A dilemma can be activated or scheduled once it has no dead ends, no choice deeper than 5, and every path ends at an archetype.';

/** The problems an admin reads on the review list, one sentence each. */
export const problemSentences = (tree: DilemmaTree): string[] =>
  treeProblems(tree).map((p) => (p.choiceId ? `Choice ${p.choiceId}: ${p.problem}` : p.problem));

/** Null when the tree can be walked, else the refusal naming its first problem and the rule. */
export const notReadyError = (tree: DilemmaTree): DomainError | null => {
  const first = problemSentences(tree)[0];
  if (first === undefined) return null;
  return invalid(
    'dilemmaId',
    'Dilemma not ready',
    `This dilemma cannot be walked yet: ${first}. ${READY_RULE}`,
  );
};

/** A bank tree under new ids, so the catalog can hold several copies of it. */
export const copyOfTree = (tree: DilemmaTree, dilemmaId: string): DilemmaTree => {
  const renamed = (id: string) => `${dilemmaId}${id.slice(tree.dilemmaId.length)}`;
  return {
    dilemmaId,
    content: tree.content,
    choices: tree.choices.map((c) => ({
      ...c,
      id: renamed(c.id),
      parentChoiceId: c.parentChoiceId === null ? null : renamed(c.parentChoiceId),
    })),
  };
};

const labelOf = (content: string) =>
  (content.split('\nFollow-up Prompt:')[0] ?? content).replace(/^Final Choice:\s*/, '');

/** The archetypes a choice leads to, itself or further down, in the order they are met. */
const reachable = (tree: DilemmaTree, choice: TreeChoice): string[] => {
  const below = tree.choices.filter((c) => c.parentChoiceId === choice.id);
  return [...new Set([...choice.archetypeIds, ...below.flatMap((c) => reachable(tree, c))])];
};

const nameOf = (id: string) => bankArchetypes.find((a) => a.id === id)?.name ?? id;

/** How many different archetypes a tree's first options lead to: diverse trees score high. */
export const diversityOf = (tree: DilemmaTree): number =>
  new Set(tree.choices.flatMap((c) => c.archetypeIds)).size;

/**
 * The spec's diverse dilemma template, drawn from a bank tree: its prompt, its first options,
 * and each option's archetypes (a flat dilemma the admin can edit before creating it).
 */
export const templateOf = (tree: DilemmaTree): DiverseTemplateDto => {
  const [prompt = '', options = ''] = tree.content
    .replace(/^Initial Prompt:\s*/, '')
    .split('\nInitial Options:');
  const roots = tree.choices.filter((c) => c.parentChoiceId === null);
  const alignments = roots.map((c) => reachable(tree, c).slice(0, 6));
  const ids = [...new Set(alignments.flat())];
  return {
    title: (prompt.split(/(?<=[.?!])\s/)[0] ?? prompt).slice(0, 200),
    scenario: prompt.trim(),
    context: options.trim(),
    initialChoices: roots.map((c, i) => ({
      content: labelOf(c.content),
      archetypeAlignment: alignments[i]!.map(nameOf),
    })),
    archetypes: ids.map((id) => {
      const a = bankArchetypes.find((b) => b.id === id);
      return { name: a?.name ?? id, description: a?.description ?? '' };
    }),
  };
};

/**
 * The tree a template makes: each first option ends the journey at its first aligned archetype
 * (the others follow it). Archetypes are named as the bank names them; another name is refused.
 */
export const treeOfTemplate = (template: DiverseTemplateDto, dilemmaId: string): DilemmaTree => {
  const choices = template.initialChoices.map((choice, i): TreeChoice => {
    const archetypeIds = choice.archetypeAlignment.map((name, j) => {
      const found = bankArchetypes.find((a) => a.name.toLowerCase() === name.toLowerCase());
      if (!found) {
        throw invalid(
          `template.initialChoices.${i}.archetypeAlignment.${j}`,
          'Unknown archetype',
          `There is no archetype named “${name}”.`,
        );
      }
      return found.id;
    });
    return {
      id: `${dilemmaId}-${String.fromCharCode(97 + i)}`,
      parentChoiceId: null,
      content: `Final Choice: ${choice.content}`,
      depth: 0,
      leadToArchetype: true,
      archetypeIds: [...new Set(archetypeIds)],
    };
  });
  const { title, scenario } = template;
  const prompt = scenario.startsWith(title) ? scenario : `${title}: ${scenario}`;
  return {
    dilemmaId,
    content: `Initial Prompt: ${prompt}\nInitial Options: ${template.context}`,
    choices,
  };
};
