import { Router } from 'express';
import { z } from 'zod';
import type { QuestionDto, ResourceDto } from '../../domain/contracts/questions';
import { notFound } from '../../domain/shared/errors';
import type { QuestionDoc } from '../../projections/questions';
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

export const questionRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/question/today', async (_req, res) => {
    const day = today(ctx);
    const questions = ctx.readModels.collection<QuestionDoc>('questions');
    const doc = await questions.findOne({ day });
    if (doc) {
      res.json(toQuestionDto(doc, day));
      return;
    }
    // Activated a moment ago and not projected yet: the day's own stream is the authority.
    const activated = await questionOfDay(ctx, day);
    if (!activated) throw notFound('No question', 'No question available today');
    res.json({
      id: activated.questionId,
      content: activated.content,
      category: activated.category,
      dateAdded: day,
      status: 'active',
      scheduledFor: null,
      submissionId: activated.submissionId,
    } satisfies QuestionDto);
  });

  router.get('/question/:id', async (req, res) => {
    const { id } = parseInput(questionIdParams, req.params, 'params');
    const doc = await findQuestion(ctx, id);
    if (!doc) throw notFound('Question not found', `There is no question ${id}.`);
    res.json(toQuestionDto(doc, today(ctx)));
  });

  router.get('/resources', (req, res) => {
    const { questionId } = parseInput(resourcesQuery, req.query, 'query');
    const resources: ResourceDto[] = ctx.bank.find((q) => q.id === questionId)?.resources ?? [];
    res.json(resources);
  });

  return router;
};
