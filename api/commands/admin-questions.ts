import { questionCatalog } from '../../domain/questions/question-catalog';
import {
  answeredTodayRefusal,
  questionsOfTheDay,
} from '../../domain/questions/question-of-the-day';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import type { AppContext } from '../context';
import { ensureQuestionOfTheDay, today } from './question-of-the-day';
import { handle } from './run';

export type QuestionChoice = {
  id: number;
  content: string;
  category: string;
  submissionId: string | null;
};

/** Today's question, and whether anyone has answered it. */
const todayAnswered = async (ctx: AppContext) => {
  const day = today(ctx);
  const current = (await ensureQuestionOfTheDay(ctx, day)).question;
  const answered =
    (await ctx.readModels
      .of(responsesByQuestionProjection)
      .responses.findOne({ questionId: current.questionId })) !== null;
  return { day, current, answered };
};

/**
 * Refuses before anything is written when people have answered today's question: they keep
 * their day, and the admin is offered tomorrow.
 */
export const refuseIfAnsweredToday = async (ctx: AppContext) => {
  const { day, answered } = await todayAnswered(ctx);
  if (answered) throw answeredTodayRefusal(day);
};

/** Sets a question as today's, for the admin; refused once today's question has answers. */
export const setTodaysQuestion = async (ctx: AppContext, by: string, question: QuestionChoice) => {
  const { day, current, answered } = await todayAnswered(ctx);
  if (answered && current.questionId !== question.id) throw answeredTodayRefusal(day);
  return handle(ctx, questionsOfTheDay, {
    type: 'ActivateQuestionOfTheDay',
    day,
    question,
    source: 'admin',
    by,
    answered,
    at: ctx.clock.now(),
  });
};

/** Writes a draft question for the admin; answers its new id. */
export const draftQuestion = async (
  ctx: AppContext,
  by: string,
  question: Omit<QuestionChoice, 'id'>,
) => {
  const drafted = await handle(ctx, questionCatalog, {
    type: 'DraftQuestion',
    ...question,
    by,
    at: ctx.clock.now(),
  });
  return { id: drafted.state.nextId - 1, position: drafted.position };
};

/** Schedules a question for the admin; answers its new id. */
export const scheduleQuestion = async (
  ctx: AppContext,
  by: string,
  question: Omit<QuestionChoice, 'id'> & { scheduledFor: string },
) => {
  const scheduled = await handle(ctx, questionCatalog, {
    type: 'ScheduleQuestion',
    ...question,
    today: today(ctx),
    by,
    at: ctx.clock.now(),
  });
  return { id: scheduled.state.nextId - 1, position: scheduled.position };
};
