import { chooseBankQuestion } from '../../domain/questions/bank';
import type { QuestionEvent } from '../../domain/questions/events';
import {
  QUESTION_CATALOG_STREAM,
  questionCatalogDecider,
  scheduledOn,
  type CatalogEvent,
} from '../../domain/questions/question-catalog';
import {
  questionOfTheDayStreamId,
  questionsOfTheDay,
} from '../../domain/questions/question-of-the-day';
import { fold } from '../../domain/shared/decider';
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

/** The admins' questions as their stream records them (the authority). */
export const questionCatalogState = async (ctx: AppContext) =>
  fold(
    questionCatalogDecider,
    (await ctx.events.readStream(QUESTION_CATALOG_STREAM)) as unknown as CatalogEvent[],
  );

/** The question an admin scheduled for the day, else one from the bank not used before. */
const dayChoice = async (ctx: AppContext, day: ProductDay) => {
  const scheduled = scheduledOn(await questionCatalogState(ctx), day);
  if (scheduled) {
    const [id, q] = scheduled;
    const question = { id, content: q.content, category: q.category, submissionId: q.submissionId };
    return { question, source: 'admin' as const };
  }
  const asked = await ctx.readModels
    .collection<QuestionDoc>('questions')
    .find({}, { projection: { id: 1 } });
  const choice = chooseBankQuestion(day, ctx.bank, new Set(asked.map((q) => q.id)));
  const question = {
    id: choice.id,
    content: choice.content,
    category: choice.category,
    submissionId: null,
  };
  return { question, source: 'bank' as const };
};

/**
 * Makes sure today has its question: when none was chosen, the one an admin scheduled for
 * the day, else one from the bank, not used before while unused ones remain. Safe to call from many instances at once:
 * the day's stream accepts only the first activation.
 */
export const ensureQuestionOfTheDay = async (ctx: AppContext, day: ProductDay = today(ctx)) => {
  const existing = await questionOfDay(ctx, day);
  if (existing) return { question: existing, position: null };
  const { question, source } = await dayChoice(ctx, day);
  const { position } = await handle(ctx, questionsOfTheDay, {
    type: 'ActivateQuestionOfTheDay',
    day,
    question,
    source,
    at: ctx.clock.now(),
  });
  return { question: (await questionOfDay(ctx, day))!, position };
};
