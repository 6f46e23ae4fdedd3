import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict } from '../shared/errors';
import { addDays, type ProductDay } from '../shared/product-day';
import type { QuestionEvent } from './events';

/** One stream per product day: whoever appends first (expected: no stream) sets the day's question. */
export const questionOfTheDayStreamId = (day: ProductDay) => `question-of-the-day-${day}`;

export type ActivateQuestionOfTheDay = {
  type: 'ActivateQuestionOfTheDay';
  day: ProductDay;
  question: { id: number; content: string; category: string; submissionId: string | null };
  source: 'bank' | 'admin';
  /** The admin setting it now; absent for the day's own activation (bank or schedule). */
  by?: string;
  /** Whether anyone has answered the day's current question (an admin may not replace it then). */
  answered?: boolean;
  at: Date;
};

export type QuestionOfTheDayState = { activatedQuestionId: number | null };

/** People who answered today's question keep their day: the admin is offered tomorrow instead. */
export const answeredTodayRefusal = (day: ProductDay) =>
  conflict(
    'Today’s question already answered',
    `People have already answered today’s question, so it cannot be replaced. Schedule this question for tomorrow (${addDays(day, 1)}) instead.`,
  );

export const questionOfTheDayDecider: Decider<
  ActivateQuestionOfTheDay,
  QuestionEvent,
  QuestionOfTheDayState
> = {
  initialState: () => ({ activatedQuestionId: null }),
  readsPersonalFields: false,
  evolve: (_state, event) => ({ activatedQuestionId: event.data.questionId }),
  decide: (command, state) => {
    const current = state.activatedQuestionId;
    // The day's own activation never overrides a day that already has its question.
    if (current !== null && command.by === undefined) return [];
    if (current === command.question.id) return [];
    if (current !== null && command.answered) throw answeredTodayRefusal(command.day);
    return [
      {
        type: 'QuestionOfTheDayActivated',
        data: {
          day: command.day,
          questionId: command.question.id,
          content: command.question.content,
          category: command.question.category,
          submissionId: command.question.submissionId,
          source: command.source,
          ...(command.by !== undefined ? { by: command.by } : {}),
          ...(current !== null && command.by !== undefined ? { replaced: current } : {}),
          at: command.at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const questionsOfTheDay = commandHandler(questionOfTheDayDecider, (c) =>
  questionOfTheDayStreamId(c.day),
);
