import { Map as ImmutableMap } from 'immutable';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';
import type { ProductDay } from '../shared/product-day';
import { acceptQuestionCategory, acceptQuestionText, acceptScheduleDate } from './rules';

/**
 * The questions admins write, schedule or draft, in one stream: few, and it hands out their
 * ids and keeps one scheduled question per day.
 */
export const QUESTION_CATALOG_STREAM = 'question-catalog';
/** Bank ids stay below this; admins' questions count up from it. */
export const ADMIN_QUESTION_FIRST_ID = 10_001;

type Authored = { by: string; at: Date };

export type ScheduleQuestion = Authored & {
  type: 'ScheduleQuestion';
  content: string;
  category: string;
  scheduledFor: ProductDay;
  submissionId: string | null;
  today: ProductDay;
};
export type DraftQuestion = Authored & {
  type: 'DraftQuestion';
  content: string;
  category: string;
  submissionId: string | null;
};
/** Edits a scheduled question, or a draft (given a date, a draft is scheduled). */
export type EditScheduledQuestion = Authored & {
  type: 'EditScheduledQuestion';
  questionId: number;
  changes: { content?: string; category?: string; scheduledFor?: ProductDay };
  /** Whether it has been a question of the day. */
  asked: boolean;
  today: ProductDay;
};
export type DeleteQuestion = Authored & {
  type: 'DeleteQuestion';
  questionId: number;
  /** Whether it has been a question of the day: then it belongs to the archive for good. */
  asked: boolean;
  today: ProductDay;
};
export type CatalogCommand =
  ScheduleQuestion | DraftQuestion | EditScheduledQuestion | DeleteQuestion;

export type CatalogEvent =
  | EventOfType<'QuestionScheduled'>
  | EventOfType<'QuestionDrafted'>
  | EventOfType<'ScheduledQuestionEdited'>
  | EventOfType<'QuestionDeleted'>;

export type CatalogQuestion = {
  content: string;
  category: string;
  scheduledFor: ProductDay | null;
  submissionId: string | null;
};
export type CatalogState = {
  nextId: number;
  questions: ImmutableMap<number, CatalogQuestion>;
};

const evolve = (state: CatalogState, event: CatalogEvent): CatalogState => {
  const { data } = event;
  switch (event.type) {
    case 'QuestionScheduled':
    case 'QuestionDrafted':
      return {
        nextId: Math.max(state.nextId, event.data.questionId + 1),
        questions: state.questions.set(event.data.questionId, {
          content: event.data.content,
          category: event.data.category,
          scheduledFor: event.type === 'QuestionScheduled' ? event.data.scheduledFor : null,
          submissionId: event.data.submissionId,
        }),
      };
    case 'ScheduledQuestionEdited': {
      const current = state.questions.get(data.questionId);
      if (!current) return state;
      return {
        ...state,
        questions: state.questions.set(data.questionId, { ...current, ...event.data.after }),
      };
    }
    case 'QuestionDeleted':
      return { ...state, questions: state.questions.delete(data.questionId) };
  }
};

/** The question scheduled for a day, if any. */
export const scheduledOn = (state: CatalogState, day: ProductDay) =>
  state.questions.findEntry((q) => q.scheduledFor === day) ?? null;

const dayTaken = (state: CatalogState, day: ProductDay, except: number | null = null) => {
  const taken = scheduledOn(state, day);
  if (taken && taken[0] !== except) {
    throw conflict(
      'Date taken',
      `Question #${taken[0]} is already scheduled for ${day}. Pick another date or edit that one.`,
      'scheduledFor',
    );
  }
};

const missing = (id: number) =>
  notFound('Question not found', `There is no scheduled or draft question ${id}.`);

const alreadyLive = () =>
  conflict(
    'Question already asked',
    'This question has been the question of the day; it stays in the archive as it was.',
  );

const decide = (command: CatalogCommand, state: CatalogState): CatalogEvent[] => {
  const at = command.at.toISOString();
  const { by } = command;
  switch (command.type) {
    case 'ScheduleQuestion': {
      const content = acceptQuestionText(command.content);
      const category = acceptQuestionCategory(command.category);
      const scheduledFor = acceptScheduleDate(command.scheduledFor, command.today);
      dayTaken(state, scheduledFor);
      const { submissionId } = command;
      const questionId = state.nextId;
      return [
        {
          type: 'QuestionScheduled',
          data: { questionId, content, category, scheduledFor, submissionId, by, at },
        },
      ];
    }
    case 'DraftQuestion': {
      const content = acceptQuestionText(command.content);
      const category = acceptQuestionCategory(command.category);
      const { submissionId } = command;
      const questionId = state.nextId;
      return [
        { type: 'QuestionDrafted', data: { questionId, content, category, submissionId, by, at } },
      ];
    }
    case 'EditScheduledQuestion': {
      const { questionId, changes, today } = command;
      const current = state.questions.get(questionId);
      if (!current) throw missing(questionId);
      if (command.asked || (current.scheduledFor !== null && current.scheduledFor <= today)) {
        throw alreadyLive();
      }
      const wanted: Partial<CatalogQuestion> = {
        ...(changes.content !== undefined ? { content: acceptQuestionText(changes.content) } : {}),
        ...(changes.category !== undefined
          ? { category: acceptQuestionCategory(changes.category) }
          : {}),
        ...(changes.scheduledFor !== undefined
          ? { scheduledFor: acceptScheduleDate(changes.scheduledFor, today) }
          : {}),
      };
      if (wanted.scheduledFor) dayTaken(state, wanted.scheduledFor, questionId);
      const keys = (['content', 'category', 'scheduledFor'] as const).filter(
        (k) => wanted[k] !== undefined && wanted[k] !== current[k],
      );
      if (keys.length === 0) return [];
      return [
        {
          type: 'ScheduledQuestionEdited',
          data: {
            questionId,
            before: Object.fromEntries(keys.map((k) => [k, current[k]])),
            after: Object.fromEntries(keys.map((k) => [k, wanted[k]])),
            by,
            at,
          },
        },
      ];
    }
    case 'DeleteQuestion': {
      const current = state.questions.get(command.questionId);
      if (!current) throw missing(command.questionId);
      if (
        command.asked ||
        (current.scheduledFor !== null && current.scheduledFor <= command.today)
      ) {
        throw alreadyLive();
      }
      return [{ type: 'QuestionDeleted', data: { questionId: command.questionId, by, at } }];
    }
  }
};

export const questionCatalogDecider: Decider<CatalogCommand, CatalogEvent, CatalogState> = {
  initialState: () => ({ nextId: ADMIN_QUESTION_FIRST_ID, questions: ImmutableMap() }),
  evolve,
  decide,
};

/** Bound to the stream its commands address. */
export const questionCatalog = commandHandler(
  questionCatalogDecider,
  () => QUESTION_CATALOG_STREAM,
);
