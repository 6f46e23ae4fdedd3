import { responderDecider, responderStreamId } from '../../domain/responses/responses';
import { forbidden } from '../../domain/shared/errors';
import { questionsProjection } from '../../projections/questions';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { today } from '../commands/question-of-the-day';
import { currentState } from '../commands/run';
import type { AppContext } from '../context';
import type { Actor } from '../http/identity';

/*
 * Who may read a question's discussion (its answers, replies, echoes, pairs and live notices)
 * and take part in it: today's question opens once you answered it; a past question's once
 * you answered today's (the archive's rule). Knowing an id is not enough. Answering itself
 * stays today-only.
 */

const refused = (detail: string) => forbidden('Share Your Voice First', detail);

/** Has this person a live answer to this question (as the read model knows it)? */
export const hasAnswered = async (ctx: AppContext, userId: string, questionId: number) =>
  (await ctx.readModels
    .of(responsesByQuestionProjection)
    .responses.count({ authorId: userId, questionId })) > 0;

const todaysQuestion = (ctx: AppContext) =>
  ctx.readModels.of(questionsProjection).questions.findOne({ day: today(ctx) });

const isPastQuestion = async (ctx: AppContext, questionId: number) => {
  const question = await ctx.readModels
    .of(questionsProjection)
    .questions.findOne({ id: questionId });
  return question !== null && question.day < today(ctx);
};

/** For queries and subscriptions: as the read models know it. */
export const mayReadDiscussion = async (
  ctx: AppContext,
  userId: string | null,
  questionId: number,
): Promise<boolean> => {
  if (userId === null) return false;
  if (await hasAnswered(ctx, userId, questionId)) return true;
  const todays = await todaysQuestion(ctx);
  if (!todays || todays.id === questionId) return false;
  return (await hasAnswered(ctx, userId, todays.id)) && isPastQuestion(ctx, questionId);
};

export const assertMayRead = async (
  ctx: AppContext,
  actor: Actor | null,
  questionId: number,
  detail = 'Share your own perspective before viewing others.',
) => {
  if (!(await mayReadDiscussion(ctx, actor?.userId ?? null, questionId))) throw refused(detail);
};

/**
 * From the person's own stream (the authority): taking part right after answering never
 * waits for a read model.
 */
export const mayTakePart = async (ctx: AppContext, userId: string, questionId: number) => {
  const state = await currentState(ctx, responderStreamId(userId), responderDecider(ctx.dayRules));
  const live = [...state.responses.values()].filter((response) => !response.deleted);
  if (live.some((response) => response.questionId === questionId)) return true;
  return state.answeredOn.has(today(ctx)) && (await isPastQuestion(ctx, questionId));
};

/** For commands: see `mayTakePart`. */
export const assertMayTakePart = async (ctx: AppContext, actor: Actor, questionId: number) => {
  if (!(await mayTakePart(ctx, actor.userId, questionId))) {
    throw refused('Share your own perspective before joining the conversation.');
  }
};
