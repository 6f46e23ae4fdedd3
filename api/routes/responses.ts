import { Router } from 'express';
import { z } from 'zod';
import type {
  HasRespondedDto,
  ResponseDto,
  SubmitResponseResult,
} from '../../domain/contracts/responses';
import { submitResponseBody } from '../../domain/contracts/responses';
import { noReactions, type ReactionSummaryDto } from '../../domain/contracts/reactions';
import { responders } from '../../domain/responses/responses';
import { conflict, notFound } from '../../domain/shared/errors';
import type { ResponseDoc } from '../../projections/responses-by-question';
import { questionOfDay, today } from '../commands/question-of-the-day';
import { handle } from '../commands/run';
import { refuseIfAbusive } from '../commands/screening';
import type { AppContext } from '../context';
import {
  requireRegistered,
  identifyReader,
  callerDevice,
  participantOf,
  readerOf,
} from '../http/guards';
import { parseInput } from '../http/validation';
import { assertMayRead } from '../policies/discussions';
import { findQuestion } from './questions';
import { reactionSummaries } from './reactions';

const questionIdParams = z.object({
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int('questionId must be a whole number')
    .positive('questionId must be positive'),
});

const responseIdParams = z.object({ id: z.string().min(1).max(100) });

/** What a reader of a response is shown, wherever the response comes from. */
type ResponseFields = Pick<
  ResponseDoc,
  | '_id'
  | 'questionId'
  | 'authorId'
  | 'pseudonym'
  | 'content'
  | 'spectrumPosition'
  | 'echoCount'
  | 'replyCount'
  | 'dateAdded'
  | 'questionContent'
  | 'questionCategory'
>;

export const toResponseDto = (
  doc: ResponseFields,
  viewerId: string | null,
  reactions: ReactionSummaryDto = { counts: noReactions(), mine: [] },
): ResponseDto => ({
  id: doc._id,
  questionId: doc.questionId,
  content: doc.content,
  spectrumPosition: doc.spectrumPosition,
  echoCount: doc.echoCount,
  replyCount: doc.replyCount,
  dateAdded: doc.dateAdded,
  username: doc.pseudonym || 'Anonymous',
  questionContent: doc.questionContent,
  questionCategory: doc.questionCategory,
  isOwn: viewerId !== null && doc.authorId === viewerId,
  reactions,
});

/** The spec's order: the viewer's own response first, then more echoes, then newer. */
export const byOwnEchoesNewest = (viewerId: string | null) => (a: ResponseDoc, b: ResponseDoc) => {
  const ownA = a.authorId === viewerId ? 1 : 0;
  const ownB = b.authorId === viewerId ? 1 : 0;
  if (ownA !== ownB) return ownB - ownA;
  if (a.echoCount !== b.echoCount) return b.echoCount - a.echoCount;
  return a.dateAdded < b.dateAdded ? 1 : a.dateAdded > b.dateAdded ? -1 : 0;
};

export const responseRoutes = (ctx: AppContext) => {
  const router = Router();
  const responses = () => ctx.readModels.collection<ResponseDoc>('responses');

  router.post('/responses', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(submitResponseBody, req.body);
    const actor = participantOf(req);
    const todays = await questionOfDay(ctx, today(ctx));
    if (!todays || todays.questionId !== body.questionId) {
      if (!(await findQuestion(ctx, body.questionId))) {
        throw notFound('Question not found', `There is no question ${body.questionId}.`);
      }
      throw conflict('Question closed', "Only today's question can be answered.", 'questionId');
    }
    await refuseIfAbusive(ctx, {
      text: body.content,
      field: 'content',
      authorId: actor.userId,
      kind: 'response',
      questionId: body.questionId,
      day: todays.day,
    });
    const responseId = ctx.newId();
    const { events, position } = await handle(ctx, responders(ctx.dayRules), {
      type: 'RespondToQuestion',
      responseId,
      authorId: actor.userId,
      pseudonym: actor.pseudonym,
      questionId: body.questionId,
      content: body.content,
      spectrumPosition: body.spectrumPosition ?? null,
      at: ctx.clock.now(),
    });
    const submitted = events[0]!;
    if (submitted.type !== 'ResponseSubmitted') throw new Error('Unexpected event');
    const result: SubmitResponseResult = {
      id: responseId,
      position: position?.toString() ?? null,
      response: toResponseDto(
        {
          _id: responseId,
          questionId: body.questionId,
          authorId: actor.userId,
          pseudonym: actor.pseudonym,
          content: submitted.data.content,
          spectrumPosition: submitted.data.spectrumPosition,
          echoCount: 0,
          replyCount: 0,
          dateAdded: submitted.data.at,
          questionContent: todays.content,
          questionCategory: todays.category,
        },
        actor.userId,
      ),
    };
    res.status(201).location(`/api/responses/${body.questionId}`).json(result);
  });

  router.delete('/responses/:id', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(responseIdParams, req.params, 'params');
    const actor = participantOf(req);
    const response = await responses().findOne({ _id: id });
    if (!response) throw notFound('Response not found', 'This response no longer exists.');
    // The author's own stream is the authority: a response not in it is someone else's.
    const { position } = await handle(ctx, responders(ctx.dayRules), {
      type: 'DeleteResponse',
      responseId: id,
      authorId: actor.userId,
      at: ctx.clock.now(),
    });
    res.json({ position: position?.toString() ?? null });
  });

  router.get('/responses/:questionId', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(questionIdParams, req.params, 'params');
    const actor = readerOf(req);
    if (!(await findQuestion(ctx, questionId))) {
      throw notFound('Question not found', `There is no question ${questionId}.`);
    }
    await assertMayRead(ctx, actor, questionId);
    const docs = await responses().find({ questionId });
    const viewerId = actor?.userId ?? null;
    const reactionsOf = await reactionSummaries(ctx, questionId, viewerId);
    res.json(
      docs
        .sort(byOwnEchoesNewest(viewerId))
        .map((doc) => toResponseDto(doc, viewerId, reactionsOf(doc._id))),
    );
  });

  router.get('/user/has-responded', identifyReader(ctx), async (req, res) => {
    const { deviceId } = callerDevice(req);
    const actor = readerOf(req);
    const todays = await questionOfDay(ctx, today(ctx));
    const questionId = todays?.questionId ?? null;
    const hasResponded =
      actor !== null &&
      questionId !== null &&
      (await responses().count({ questionId, authorId: actor.userId })) > 0;
    res.json({ hasResponded, questionId, deviceId } satisfies HasRespondedDto);
  });

  return router;
};
