import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { ProductDay } from '../shared/product-day';
import type { QuestionEvent } from './events';

/** One stream per product day: whoever appends first (expected: no stream) sets the day's question. */
export const questionOfTheDayStreamId = (day: ProductDay) => `question-of-the-day-${day}`;

export type ActivateQuestionOfTheDay = {
  type: 'ActivateQuestionOfTheDay';
  day: ProductDay;
  question: { id: number; content: string; category: string; submissionId: string | null };
  source: 'bank' | 'admin';
  at: Date;
};

export type QuestionOfTheDayState = { activatedQuestionId: number | null };

export const questionOfTheDayDecider: Decider<
  ActivateQuestionOfTheDay,
  QuestionEvent,
  QuestionOfTheDayState
> = {
  initialState: () => ({ activatedQuestionId: null }),
  evolve: (_state, event) => ({ activatedQuestionId: event.data.questionId }),
  decide: (command, state) => {
    // Automatic activation never overrides a day that already has its question.
    if (state.activatedQuestionId !== null && command.source === 'bank') return [];
    if (state.activatedQuestionId === command.question.id) return [];
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
