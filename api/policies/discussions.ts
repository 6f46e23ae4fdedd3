import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { questionsProjection } from '../../projections/questions';
import { today } from '../commands/question-of-the-day';
import type { AppContext } from '../context';

/** Has this person a live answer to this question? */
export const hasAnswered = async (ctx: AppContext, userId: string, questionId: number) =>
  (await ctx.readModels
    .of(responsesByQuestionProjection)
    .responses.count({ authorId: userId, questionId })) > 0;

/**
 * Who may read a question's discussion (its answers, replies, pairs and live notices):
 * today's question opens once you answered it; a past question's opens once you answered
 * today's (the archive's rule). Answering itself stays today-only.
 */
export const mayReadDiscussion = async (
  ctx: AppContext,
  userId: string | null,
  questionId: number,
): Promise<boolean> => {
  if (userId === null) return false;
  const todays = await ctx.readModels
    .of(questionsProjection)
    .questions.findOne({ day: today(ctx) });
  if (!todays) return hasAnswered(ctx, userId, questionId);
  if (!(await hasAnswered(ctx, userId, todays.id))) return false;
  if (questionId === todays.id) return true;
  return (await ctx.readModels.of(questionsProjection).questions.count({ id: questionId })) > 0;
};
