import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/errors';
import type { ProductDay } from '../shared/product-day';
import { hasVisibleCharacter } from '../shared/text';
import { notReadyError } from './admin-review';
import { MAX_CHOICE_DEPTH, type DilemmaTree, type TreeChoice } from './tree';

/**
 * One dilemma in the catalog, from creation to review: its tree grows choice by choice (or
 * arrives whole), then it is scheduled for a day or deleted. Admin routes send these commands.
 */
export const dilemmaStreamId = (dilemmaId: string) => `mini-dilemma-${dilemmaId}`;

export type CreateDilemma = {
  type: 'CreateDilemma';
  dilemmaId: string;
  content: string;
  source: 'admin' | 'bank' | 'generated';
  by: string | null;
  /** A whole tree at once (the bank, a generated template); empty when built choice by choice. */
  choices: readonly TreeChoice[];
  at: Date;
};

export type AddChoice = {
  type: 'AddChoice';
  dilemmaId: string;
  choiceId: string;
  parentChoiceId: string | null;
  content: string;
  depth: number;
  leadToArchetype: boolean;
  by: string;
  at: Date;
};

export type LinkChoiceToArchetype = {
  type: 'LinkChoiceToArchetype';
  dilemmaId: string;
  choiceId: string;
  archetypeId: string;
  by: string;
  at: Date;
};

/** The day a dilemma was activated (from the catalog's read model), or null while pending. */
type Activation = { activatedOn: ProductDay | null };

export type ScheduleDilemma = Activation & {
  type: 'ScheduleDilemma';
  dilemmaId: string;
  day: ProductDay;
  today: ProductDay;
  by: string;
  at: Date;
};

export type DeleteDilemma = Activation & {
  type: 'DeleteDilemma';
  dilemmaId: string;
  by: string;
  at: Date;
};

export type DilemmaCommand =
  CreateDilemma | AddChoice | LinkChoiceToArchetype | ScheduleDilemma | DeleteDilemma;

export type DilemmaEvent =
  | EventOfType<'MiniDilemmaCreated'>
  | EventOfType<'MiniChoiceAdded'>
  | EventOfType<'MiniChoiceLinkedToArchetype'>
  | EventOfType<'MiniDilemmaScheduled'>
  | EventOfType<'MiniDilemmaDeleted'>;

export type DilemmaState =
  | { exists: false }
  | { exists: true; deleted: boolean; scheduledDay: ProductDay | null; tree: DilemmaTree };

type TreeEvent = EventOfType<'MiniChoiceAdded'> | EventOfType<'MiniChoiceLinkedToArchetype'>;

/** A tree with one more choice or association. */
const grow = (tree: DilemmaTree, event: TreeEvent): DilemmaTree => {
  if (event.type === 'MiniChoiceAdded') {
    const { choiceId: id, parentChoiceId, content, depth, leadToArchetype } = event.data;
    const choice = { id, parentChoiceId, content, depth, leadToArchetype, archetypeIds: [] };
    return { ...tree, choices: [...tree.choices, choice] };
  }
  const choices = tree.choices.map((c) =>
    c.id === event.data.choiceId
      ? { ...c, archetypeIds: [...c.archetypeIds, event.data.archetypeId] }
      : c,
  );
  return { ...tree, choices };
};

export const evolveDilemma = (state: DilemmaState, event: DilemmaEvent): DilemmaState => {
  if (event.type === 'MiniDilemmaCreated') {
    const tree = { dilemmaId: event.data.dilemmaId, content: event.data.content, choices: [] };
    return { exists: true, deleted: false, scheduledDay: null, tree };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'MiniDilemmaScheduled':
      return { ...state, scheduledDay: event.data.day };
    case 'MiniDilemmaDeleted':
      return { ...state, deleted: true };
    default:
      return { ...state, tree: grow(state.tree, event) };
  }
};

const choiceProblem = (message: string, field = 'content') =>
  invalid(field, 'Invalid choice', message);

const addedChoice = (
  tree: DilemmaTree,
  choice: Omit<AddChoice, 'type' | 'at' | 'by'> & { by: string | null },
  at: string,
): EventOfType<'MiniChoiceAdded'> => {
  if (!hasVisibleCharacter(choice.content)) {
    throw choiceProblem('Please select a dilemma and enter choice content');
  }
  if (tree.choices.some((c) => c.id === choice.choiceId)) {
    throw conflict('Duplicate choice', `Choice ${choice.choiceId} exists already.`, 'choiceId');
  }
  const parent =
    choice.parentChoiceId === null
      ? null
      : tree.choices.find((c) => c.id === choice.parentChoiceId);
  if (parent === undefined) {
    throw choiceProblem('The parent choice is not part of this dilemma.', 'parentChoiceId');
  }
  const depth = parent ? parent.depth + 1 : 0;
  if (choice.depth !== depth || depth > MAX_CHOICE_DEPTH) {
    throw choiceProblem(
      depth > MAX_CHOICE_DEPTH
        ? `Choices go ${MAX_CHOICE_DEPTH} deep at most.`
        : `A choice ${parent ? 'under that parent' : 'without a parent'} has depth ${depth}.`,
      'depth',
    );
  }
  return {
    type: 'MiniChoiceAdded',
    data: { ...choice, content: choice.content.trim(), at },
  };
};

export const dilemmaDecider: Decider<DilemmaCommand, DilemmaEvent, DilemmaState> = {
  initialState: () => ({ exists: false }),
  evolve: evolveDilemma,
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'CreateDilemma') {
      if (state.exists) throw conflict('Duplicate dilemma', 'This dilemma exists already.');
      if (!hasVisibleCharacter(command.content)) {
        throw invalid('content', 'Missing content', 'Please enter dilemma content');
      }
      const { dilemmaId } = command;
      const created: EventOfType<'MiniDilemmaCreated'> = {
        type: 'MiniDilemmaCreated',
        data: {
          dilemmaId,
          content: command.content.trim(),
          source: command.source,
          by: command.by,
          at,
        },
      };
      const events: DilemmaEvent[] = [created];
      let tree: DilemmaTree = { dilemmaId, content: created.data.content, choices: [] };
      for (const { id: choiceId, archetypeIds, ...choice } of command.choices) {
        const { by } = command;
        const added = addedChoice(tree, { ...choice, choiceId, dilemmaId, by }, at);
        const links = archetypeIds.map((archetypeId): TreeEvent => ({
          type: 'MiniChoiceLinkedToArchetype',
          data: { dilemmaId, choiceId, archetypeId, by, at },
        }));
        tree = [added, ...links].reduce(grow, tree);
        events.push(added, ...links);
      }
      return events;
    }
    if (!state.exists || state.deleted) {
      if (command.type === 'DeleteDilemma' && state.exists) return [];
      throw notFound('Dilemma not found', `There is no dilemma ${command.dilemmaId}.`);
    }
    if (
      (command.type === 'ScheduleDilemma' || command.type === 'DeleteDilemma') &&
      command.activatedOn !== null
    ) {
      throw conflict(
        'Dilemma already used',
        `This dilemma was activated on ${command.activatedOn}: it is no longer pending.`,
      );
    }
    switch (command.type) {
      case 'AddChoice': {
        const { type: _type, at: _at, ...choice } = command;
        return [addedChoice(state.tree, choice, at)];
      }
      case 'LinkChoiceToArchetype': {
        const choice = state.tree.choices.find((c) => c.id === command.choiceId);
        if (!choice)
          throw choiceProblem('Please select both a choice and an archetype', 'choiceId');
        if (choice.archetypeIds.includes(command.archetypeId)) return [];
        const { dilemmaId, choiceId, archetypeId, by } = command;
        return [
          {
            type: 'MiniChoiceLinkedToArchetype',
            data: { dilemmaId, choiceId, archetypeId, by, at },
          },
        ];
      }
      case 'ScheduleDilemma': {
        // The earliest date is today; today already has its dilemma, so today's date is an
        // activation (the day's own stream), never a schedule.
        if (command.day < command.today) {
          throw invalid('scheduledDate', 'Date too early', 'Please select today or a later date.');
        }
        if (command.day === command.today) {
          throw invalid(
            'scheduledDate',
            'Today is an activation',
            'Today’s dilemma is set by activating it.',
          );
        }
        if (state.scheduledDay === command.day) return [];
        const notReady = notReadyError(state.tree);
        if (notReady) throw notReady;
        const { dilemmaId, day, by } = command;
        return [{ type: 'MiniDilemmaScheduled', data: { dilemmaId, day, by, at } }];
      }
      case 'DeleteDilemma':
        return [
          {
            type: 'MiniDilemmaDeleted',
            data: { dilemmaId: command.dilemmaId, by: command.by, at },
          },
        ];
    }
  },
};

/** Bound to the stream its commands address. */
export const dilemmas = commandHandler(dilemmaDecider, (c) => dilemmaStreamId(c.dilemmaId));
