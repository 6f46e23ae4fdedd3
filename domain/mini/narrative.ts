import {
  parseChoiceContent,
  parseDilemmaContent,
  type NarrativeDto,
  type NarrativePromptDto,
} from '../contracts/mini';
import { childrenOf, endsJourney, rootChoices, type DilemmaTree, type TreeChoice } from './tree';

export const ROOT_PROMPT_ID = 'start';

const choicesOf = (list: readonly TreeChoice[]) =>
  list.map((choice) => ({
    id: choice.id,
    label: parseChoiceContent(choice.content).label,
    nextPromptId: endsJourney(choice) ? null : choice.id,
  }));

/**
 * The legacy flow's narrative, from the same tree as the journey: the dilemma is the first
 * prompt, and every choice that leads on is the prompt that follows it. Depth counts prompts
 * from 1, so the progress bar (depth × 33.33 %) fills as the journey nears its end.
 */
export const narrativeOf = (tree: DilemmaTree): NarrativeDto => {
  const start = parseDilemmaContent(tree.content);
  const fullNarrative: Record<string, NarrativePromptDto> = {
    [ROOT_PROMPT_ID]: {
      depth: 1,
      title: 'Today’s Dilemma',
      scenario: start.prompt,
      ...(start.options ? { context: start.options } : {}),
      choices: choicesOf(rootChoices(tree)),
    },
  };
  for (const choice of tree.choices) {
    if (endsJourney(choice)) continue;
    const parts = parseChoiceContent(choice.content);
    fullNarrative[choice.id] = {
      depth: choice.depth + 2,
      title: parts.label,
      scenario: parts.followUp ?? parts.label,
      ...(parts.newOptions ? { context: parts.newOptions } : {}),
      choices: choicesOf(childrenOf(tree, choice.id)),
    };
  }
  return { dilemmaId: tree.dilemmaId, initialPrompt: ROOT_PROMPT_ID, fullNarrative };
};
