import { chooseBankQuestion } from '../../domain/questions/bank';
import type { QuestionEvent } from '../../domain/questions/events';
import {
  questionOfTheDayStreamId,
  questionsOfTheDay,
} from '../../domain/questions/question-of-the-day';
import { productDayOf, type ProductDay } from '../../domain/shared/product-day';
import type { QuestionDoc } from '../../projections/questions';
import type { AppContext } from '../context';
import { handle } from './run';

export type TodaysQuestion = {
  day: ProductDay;
  questionId: number;
  content: string;
  category: string;
  submissionId: string | null;
};

export const today = (ctx: AppContext): ProductDay => productDayOf(ctx.clock.now(), ctx.dayRules);

/** The question of a day as its own stream records it (the authority), or null. */
export const questionOfDay = async (
  ctx: AppContext,
  day: ProductDay,
): Promise<TodaysQuestion | null> => {
  const history = await ctx.events.readStream(questionOfTheDayStreamId(day));
  const last = history[history.length - 1] as unknown as QuestionEvent | undefined;
  return last
    ? {
        day,
        questionId: last.data.questionId,
        content: last.data.content,
        category: last.data.category,
        submissionId: last.data.submissionId,
      }
    : null;
};

/**
 * Makes sure today has its question: when none was chosen, picks one from the bank,
 * not used before while unused ones remain. Safe to call from many instances at once:
 * the day's stream accepts only the first activation.
 */
export const ensureQuestionOfTheDay = async (ctx: AppContext, day: ProductDay = today(ctx)) => {
  const existing = await questionOfDay(ctx, day);
  if (existing) return { question: existing, position: null };
  const asked = await ctx.readModels
    .collection<QuestionDoc>('questions')
    .find({}, { projection: { id: 1 } });
  const choice = chooseBankQuestion(day, ctx.bank, new Set(asked.map((q) => q.id)));
  const { position } = await handle(ctx, questionsOfTheDay, {
    type: 'ActivateQuestionOfTheDay',
    day,
    question: {
      id: choice.id,
      content: choice.content,
      category: choice.category,
      submissionId: null,
    },
    source: 'bank',
    at: ctx.clock.now(),
  });
  return { question: (await questionOfDay(ctx, day))!, position };
};
