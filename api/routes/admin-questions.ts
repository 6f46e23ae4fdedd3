import { Router } from 'express';
import { z } from 'zod';
import type {
  AdminQuestionDto,
  QuestionPreviewDto,
  QuestionSetDto,
} from '../../domain/contracts/admin-questions';
import {
  adminQuestionIdParams,
  editQuestionBody,
  focusQuery,
  generateBody,
  saveEditedBody,
  scheduleQuestionBody,
} from '../../domain/contracts/schemas/admin-questions';
import { focusPool, previewQuestion } from '../../domain/questions/focus';
import { questionCatalog } from '../../domain/questions/question-catalog';
import { acceptQuestionCategory, acceptQuestionText } from '../../domain/questions/rules';
import { notFound } from '../../domain/shared/errors';
import { questionsProjection } from '../../projections/questions';
import {
  draftQuestion,
  refuseIfAnsweredToday,
  scheduleQuestion,
  setTodaysQuestion,
} from '../commands/admin-questions';
import { today } from '../commands/question-of-the-day';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { adminSessionOf, requireAdmin } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

/** The most planned questions (scheduled and drafts) the first page of the table carries. */
const PLANNED_LIMIT = 500;
/** Where a page of asked questions ended: its day. */
const askedKey = z.iso.date();

/** A number from a fresh id, so each preview may show another question. */
const seedOf = (id: string) =>
  [...id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

const position = (p: bigint | null) => p?.toString() ?? null;

/**
 * The admin's questions: preview and set a bank question, write a custom one for today,
 * schedule, edit and delete planned ones, and the table of all of them. Every route checks
 * the admin's token on the server; every command names the admin.
 */
export const adminQuestionRoutes = (ctx: AppContext) => {
  const router = Router();
  const admin = requireAdmin(ctx);
  const questions = () => ctx.readModels.of(questionsProjection);

  const askedIds = async () =>
    new Set(
      (await questions().questions.find({}, { projection: { id: 1 }, sort: { day: 1 } })).map(
        (q) => q.id,
      ),
    );

  router.get('/questions/preview-generated', admin, async (req, res) => {
    const { type } = parseInput(focusQuery, req.query, 'query');
    const preview = previewQuestion(ctx.bank, type, await askedIds(), seedOf(ctx.newId()));
    res.json({ question: preview } satisfies QuestionPreviewDto);
  });

  router.post('/questions/generate', admin, async (req, res) => {
    const { type, bankId } = parseInput(generateBody, req.body);
    const pool = focusPool(ctx.bank, type, await askedIds());
    const chosen =
      bankId !== undefined
        ? ctx.bank.find((q) => q.id === bankId)
        : pool[Math.abs(seedOf(ctx.newId())) % Math.max(pool.length, 1)];
    if (!chosen) throw notFound('No preview question available', 'No preview question available');
    const { id, content, category } = chosen;
    const result = await setTodaysQuestion(ctx, adminSessionOf(req).username, {
      id,
      content,
      category,
      submissionId: null,
    });
    res.json({ id, position: position(result.position) } satisfies QuestionSetDto);
  });

  router.post('/questions/save-edited', admin, async (req, res) => {
    const body = parseInput(saveEditedBody, req.body);
    const content = acceptQuestionText(body.content);
    const category = acceptQuestionCategory(body.category);
    await refuseIfAnsweredToday(ctx);
    const by = adminSessionOf(req).username;
    const { id } = await draftQuestion(ctx, by, { content, category, submissionId: null });
    const result = await setTodaysQuestion(ctx, by, { id, content, category, submissionId: null });
    res.status(201).json({ id, position: position(result.position) } satisfies QuestionSetDto);
  });

  router.post('/questions/schedule', admin, async (req, res) => {
    const body = parseInput(scheduleQuestionBody, req.body);
    const result = await scheduleQuestion(ctx, adminSessionOf(req).username, {
      ...body,
      submissionId: null,
    });
    res.status(201).json({
      id: result.id,
      position: position(result.position),
    } satisfies QuestionSetDto);
  });

  router.put('/questions/:id', admin, async (req, res) => {
    const { id } = parseInput(adminQuestionIdParams, req.params, 'params');
    const changes = parseInput(editQuestionBody, req.body);
    const asked = (await questions().questions.findOne({ id })) !== null;
    const result = await handle(ctx, questionCatalog, {
      type: 'EditScheduledQuestion',
      questionId: id,
      changes,
      asked,
      today: today(ctx),
      by: adminSessionOf(req).username,
      at: ctx.clock.now(),
    });
    res.json({ id, position: position(result.position) } satisfies QuestionSetDto);
  });

  router.delete('/questions/:id', admin, async (req, res) => {
    const { id } = parseInput(adminQuestionIdParams, req.params, 'params');
    const asked = (await questions().questions.findOne({ id })) !== null;
    const result = await handle(ctx, questionCatalog, {
      type: 'DeleteQuestion',
      questionId: id,
      asked,
      today: today(ctx),
      by: adminSessionOf(req).username,
      at: ctx.clock.now(),
    });
    res.json({ id, position: position(result.position) } satisfies QuestionSetDto);
  });

  /**
   * The table, a page at a time: the first page carries every planned question (scheduled by
   * date, then drafts; admins make them one by one, so they stay few), and each page the next
   * asked questions, newest day first, walked through the day index.
   */
  router.get('/questions', admin, async (req, res) => {
    const { after, limit } = pageOf(req, askedKey);
    const day = today(ctx);
    const [planned, asked, plannedCount, askedCount] = await Promise.all([
      after === null
        ? questions().planned_questions.find({}, { sort: { dateAdded: -1 }, limit: PLANNED_LIMIT })
        : [],
      questions().questions.find(after === null ? {} : { day: { $lt: after } }, {
        sort: { day: -1 },
        limit: limit + 1,
      }),
      questions().planned_questions.count({}),
      questions().questions.count({}),
    ]);
    const page = asked.slice(0, limit);
    const rows: AdminQuestionDto[] = [
      ...planned
        .sort((a, b) => (a.scheduledFor ?? '9').localeCompare(b.scheduledFor ?? '9'))
        .map((q) => ({
          id: q.id,
          content: q.content,
          category: q.category,
          dateAdded: q.dateAdded.slice(0, 10),
          status: q.status,
          scheduledFor: q.scheduledFor,
          submissionId: q.submissionId,
        })),
      ...page.map((q) => ({
        id: q.id,
        content: q.content,
        category: q.category,
        dateAdded: q.day,
        status: q.day === day ? ('active' as const) : ('archived' as const),
        scheduledFor: null,
        submissionId: q.submissionId,
      })),
    ];
    const next = asked.length > limit ? page.at(-1)!.day : null;
    sendPage(req, res, rows, next, Math.min(plannedCount, PLANNED_LIMIT) + askedCount);
  });

  return router;
};
