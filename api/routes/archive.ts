import { Router } from 'express';
import { z } from 'zod';
import type {
  JourneyQuestionDto,
  OwnResponseDto,
  QuestionRespondedDto,
  QuestionTitleDto,
  ResponseStatusDto,
} from '../../domain/contracts/archive';
import { forbidden } from '../../domain/shared/errors';
import { questionsProjection, type QuestionDoc } from '../../projections/questions';
import {
  responsesByQuestionProjection,
  type ResponseDoc,
} from '../../projections/responses-by-question';
import { today } from '../commands/question-of-the-day';
import type { AppContext } from '../context';
import { identifyReader, readerOf } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';
import { hasAnswered } from '../policies/discussions';
import { toQuestionDto } from './questions';

const searchQuery = z.object({
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  category: z.string().max(100, 'category must be at most 100 characters').optional(),
});
const questionIdParams = z.object({
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int('questionId must be a whole number')
    .positive('questionId must be positive'),
});

/** Where a page of past titles ended: the day of its last (the list runs newest first). */
const titlesPageKey = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

const contains = (text: string, search: string | undefined) =>
  !search || text.toLowerCase().includes(search.trim().toLowerCase());

/**
 * The archive and a person's history. The archive opens once the caller answered today's
 * question (the spec's 403 otherwise); a person's own answers are only ever their own.
 */
export const archiveRoutes = (ctx: AppContext) => {
  const router = Router();
  const questions = () => ctx.readModels.of(questionsProjection).questions;
  const responses = () => ctx.readModels.of(responsesByQuestionProjection).responses;

  /** Every question asked up to today, newest first. */
  const askedSoFar = async (): Promise<{ day: string; docs: QuestionDoc[] }> => {
    const day = today(ctx);
    return { day, docs: await questions().find({ day: { $lte: day } }, { sort: { day: -1 } }) };
  };

  /** The caller's live answers, newest first (one a day at most, so never many). */
  const ownAnswers = async (userId: string | null): Promise<ResponseDoc[]> =>
    userId === null
      ? []
      : (await responses().find({ authorId: userId })).sort((a, b) =>
          b.dateAdded.localeCompare(a.dateAdded),
        );

  router.get('/archive/questions', identifyReader(ctx), async (req, res) => {
    const { search } = parseInput(searchQuery, req.query, 'query');
    const reader = readerOf(req);
    const { day, docs } = await askedSoFar();
    const todays = docs.find((doc) => doc.day === day);
    if (!reader || !todays || !(await hasAnswered(ctx, reader.userId, todays.id))) {
      throw forbidden(
        "Join Today's Conversation First",
        "Answer today's question to open the archive.",
      );
    }
    res.json(
      docs.filter((doc) => contains(doc.content, search)).map((doc) => toQuestionDto(doc, day)),
    );
  });

  /**
   * The past questions' titles, newest first, for anyone: what can be read once today's
   * question is answered. Their answers stay behind the discussions' own gate.
   */
  router.get('/archive/titles', async (req, res) => {
    const { after, limit } = pageOf(req, titlesPageKey);
    const day = today(ctx);
    const before = after === null || after.day > day ? day : after.day;
    const past = await questions().find(
      { day: { $lt: before } },
      { sort: { day: -1 }, limit: limit + 1 },
    );
    const page = past.slice(0, limit);
    sendPage(
      req,
      res,
      page.map((doc): QuestionTitleDto => ({
        id: doc.id,
        content: doc.content,
        category: doc.category,
        dateAdded: doc.day,
      })),
      past.length > limit ? { day: page[page.length - 1]!.day } : null,
      await questions().count({ day: { $lt: day } }),
    );
  });

  router.get('/user/response-status', identifyReader(ctx), async (req, res) => {
    const answers = await ownAnswers(readerOf(req)?.userId ?? null);
    const status: ResponseStatusDto = {};
    for (const answer of answers) status[String(answer.questionId)] = true;
    res.json(status);
  });

  router.get('/hasResponded/:questionId', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(questionIdParams, req.params, 'params');
    const reader = readerOf(req);
    const hasResponded = reader !== null && (await hasAnswered(ctx, reader.userId, questionId));
    res.json({ questionId, hasResponded } satisfies QuestionRespondedDto);
  });

  router.get('/archive/responses', identifyReader(ctx), async (req, res) => {
    const { search } = parseInput(searchQuery, req.query, 'query');
    const answers = await ownAnswers(readerOf(req)?.userId ?? null);
    const list = answers
      .filter((a) => contains(`${a.content}\n${a.questionContent}`, search))
      .map((a): OwnResponseDto => ({
        id: a._id,
        questionId: a.questionId,
        questionContent: a.questionContent,
        questionCategory: a.questionCategory,
        content: a.content,
        spectrumPosition: a.spectrumPosition,
        echoCount: a.echoCount,
        replyCount: a.replyCount,
        dateAdded: a.dateAdded,
        day: a.day,
      }));
    res.json(list);
  });

  router.get('/journey/questions', identifyReader(ctx), async (req, res) => {
    const { search, category } = parseInput(searchQuery, req.query, 'query');
    const { day, docs } = await askedSoFar();
    const answers = new Map(
      (await ownAnswers(readerOf(req)?.userId ?? null)).map((a) => [a.questionId, a]),
    );
    const list = docs
      .filter((doc) => !category || doc.category === category)
      .filter((doc) => contains(`${doc.content}\n${answers.get(doc.id)?.content ?? ''}`, search))
      .map((doc): JourneyQuestionDto => {
        const answer = answers.get(doc.id);
        return {
          ...toQuestionDto(doc, day),
          hasResponded: answer !== undefined,
          response: answer
            ? { id: answer._id, content: answer.content, dateAdded: answer.dateAdded }
            : null,
        };
      });
    res.json(list);
  });

  return router;
};
