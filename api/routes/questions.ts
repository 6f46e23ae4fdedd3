import { Router } from 'express';
import { z } from 'zod';
import type { AnswerCountDto, QuestionDto, ResourceDto } from '../../domain/contracts/questions';
import { notFound } from '../../domain/shared/errors';
import type { QuestionDoc } from '../../projections/questions';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { questionOfDay, today } from '../commands/question-of-the-day';
import type { AppContext } from '../context';
import { parseInput } from '../http/validation';

const questionIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive'),
});
const resourcesQuery = z.object({
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int('questionId must be a whole number')
    .positive('questionId must be positive'),
});

export const toQuestionDto = (doc: QuestionDoc, todayIs: string): QuestionDto => ({
  id: doc.id,
  content: doc.content,
  category: doc.category,
  dateAdded: doc.day,
  status: doc.day === todayIs ? 'active' : 'archived',
  scheduledFor: null,
  submissionId: doc.submissionId,
});

export const findQuestion = (ctx: AppContext, id: number) =>
  ctx.readModels.collection<QuestionDoc>('questions').findOne({ _id: String(id) });

/**
 * How many answers others see on a question. Counted from the index only where no total is
 * kept yet: a generation built before totals were kept serves until its rebuild is swapped in.
 */
export const visibleAnswerCount = async (ctx: AppContext, questionId: number) => {
  const model = ctx.readModels.of(responsesByQuestionProjection);
  return (
    (await model.response_counts.findOne({ _id: String(questionId) }))?.count ??
    (await model.responses.count({ questionId, visibility: 'visible' }))
  );
};

/** Today's question, or null when the day has none yet. */
export const todayQuestion = async (ctx: AppContext): Promise<QuestionDto | null> => {
  const day = today(ctx);
  const doc = await ctx.readModels.collection<QuestionDoc>('questions').findOne({ day });
  if (doc) return toQuestionDto(doc, day);
  // Activated a moment ago and not projected yet: the day's own stream is the authority.
  const activated = await questionOfDay(ctx, day);
  if (!activated) return null;
  return {
    id: activated.questionId,
    content: activated.content,
    category: activated.category,
    dateAdded: day,
    status: 'active',
    scheduledFor: null,
    submissionId: activated.submissionId,
  };
};

/** Question `id`, or null when there is none. */
export const questionById = async (ctx: AppContext, id: number): Promise<QuestionDto | null> => {
  const doc = await findQuestion(ctx, id);
  return doc ? toQuestionDto(doc, today(ctx)) : null;
};

export const questionRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/question/today', async (_req, res) => {
    const question = await todayQuestion(ctx);
    if (!question) throw notFound('No question', 'No question available today');
    res.json(question);
  });

  router.get('/question/:id', async (req, res) => {
    const { id } = parseInput(questionIdParams, req.params, 'params');
    const question = await questionById(ctx, id);
    if (!question) throw notFound('Question not found', `There is no question ${id}.`);
    res.json(question);
  });

  // Open to anyone, answered or not (what the answer gate says is waiting): a count, nothing
  // more. Only an asked question has one; a planned one is as unknown as no question at all.
  router.get('/question/:id/answer-count', async (req, res) => {
    const { id } = parseInput(questionIdParams, req.params, 'params');
    const doc = await findQuestion(ctx, id);
    if (!doc || doc.day > today(ctx)) {
      throw notFound('Question not found', `There is no question ${id}.`);
    }
    const count = await visibleAnswerCount(ctx, id);
    res.json({ questionId: id, count } satisfies AnswerCountDto);
  });

  router.get('/resources', (req, res) => {
    const { questionId } = parseInput(resourcesQuery, req.query, 'query');
    const resources: ResourceDto[] = ctx.bank.find((q) => q.id === questionId)?.resources ?? [];
    res.json(resources);
  });

  return router;
};
