import { Router } from 'express';
import { z } from 'zod';
import type {
  HasRespondedDto,
  ResponseDto,
  SubmitResponseResult,
} from '../../domain/contracts/responses';
import {
  submitResponseBody,
  type SubmitResponseBody,
} from '../../domain/contracts/schemas/responses';
import { noReactions, type ReactionSummaryDto } from '../../domain/contracts/reactions';
import { responders } from '../../domain/responses/responses';
import { conflict, notFound } from '../../domain/shared/errors';
import { echoesProjection, echoStatusId } from '../../projections/echoes';
import {
  responsesByQuestionProjection,
  type ResponseDoc,
} from '../../projections/responses-by-question';
import { questionOfDay, today } from '../commands/question-of-the-day';
import { earlierOutcome, handle } from '../commands/run';
import { refuseIfAbusive } from '../commands/screening';
import type { AppContext } from '../context';
import {
  requireRegistered,
  identifyReader,
  callerDevice,
  participantOf,
  readerOf,
} from '../http/guards';
import { requestKeyOf, type RequestKey } from '../http/idempotency';
import type { Actor } from '../http/identity';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';
import { assertMayRead } from '../policies/discussions';
import { moderationOf, seenBy } from '../policies/visibility';
import { authorActivity } from './author-activity';
import type { QuestionDoc } from '../../projections/questions';
import { findQuestion, visibleAnswerCount } from './questions';
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
  | 'visibility'
  | 'moderationReason'
>;

export const toResponseDto = (
  doc: ResponseFields,
  viewerId: string | null,
  hasEchoed = false,
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
  hasEchoed,
  reactions,
  moderation: moderationOf(doc, viewerId),
});

/** Where a page of answers ended: the list's own sort key (see `rankOf`). */
const pageKey = z.object({ rank: z.string().max(200) });

export const responseRoutes = (ctx: AppContext) => {
  const router = Router();
  const responses = () => ctx.readModels.of(responsesByQuestionProjection).responses;
  /** Which of these answers the viewer echoes: one lookup by _id each, never a scan. */
  const echoedBy = async (viewerId: string | null, ids: string[]) => {
    if (viewerId === null || ids.length === 0) return new Set<string>();
    const found = await ctx.readModels
      .of(echoesProjection)
      .echo_status.find({ _id: { $in: ids.map((id) => echoStatusId(viewerId, id)) } });
    return new Set(found.map((doc) => doc.responseId));
  };

  /**
   * Today's question, if it is the one a new answer is for; a refusal otherwise (the day has
   * ended, or there is no such question), or if the analyzer refuses the text.
   */
  const mayAnswer = async (
    actor: Actor,
    body: SubmitResponseBody,
    once: RequestKey | undefined,
  ): Promise<Pick<QuestionDoc, 'content' | 'category'>> => {
    const todays = await questionOfDay(ctx, today(ctx));
    if (!todays || todays.questionId !== body.questionId) {
      if (!(await findQuestion(ctx, body.questionId))) {
        throw notFound('Question not found', `There is no question ${body.questionId}.`);
      }
      throw conflict('Question closed', "Only today's question can be answered.", 'questionId');
    }
    await refuseIfAbusive(
      ctx,
      {
        text: body.content,
        field: 'content',
        authorId: actor.userId,
        kind: 'response',
        questionId: body.questionId,
        day: todays.day,
      },
      once,
    );
    return todays;
  };

  router.post('/responses', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(submitResponseBody, req.body);
    const actor = participantOf(req);
    const once = requestKeyOf(req, actor.userId, 'RespondToQuestion', body);
    const responseId = once?.newId('response') ?? ctx.newId();
    const handler = responders(ctx.dayRules);
    const command = {
      type: 'RespondToQuestion' as const,
      responseId,
      authorId: actor.userId,
      pseudonym: actor.pseudonym,
      questionId: body.questionId,
      content: body.content,
      spectrumPosition: body.spectrumPosition ?? null,
      at: ctx.clock.now(),
    };
    // Sent before under the same key: answered as then, even if the day has ended since.
    const earlier = await earlierOutcome(ctx, handler, command, once);
    const question = earlier
      ? await findQuestion(ctx, body.questionId)
      : await mayAnswer(actor, body, once);
    const { events, position } = earlier ?? (await handle(ctx, handler, command, once));
    const submitted = events[0]!;
    if (submitted.type !== 'ResponseSubmitted') throw new Error('Unexpected event');
    const result: SubmitResponseResult = {
      id: submitted.data.responseId,
      position: position?.toString() ?? null,
      response: toResponseDto(
        {
          _id: submitted.data.responseId,
          questionId: body.questionId,
          authorId: actor.userId,
          pseudonym: submitted.data.pseudonym,
          content: submitted.data.content ?? body.content,
          spectrumPosition: submitted.data.spectrumPosition,
          echoCount: 0,
          replyCount: 0,
          dateAdded: submitted.data.at,
          questionContent: question?.content ?? '',
          questionCategory: question?.category ?? '',
          visibility: 'visible',
          moderationReason: null,
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

  /**
   * The spec's order: the caller's own answer first, then more echoes, then newer. A page of
   * 30 by default, walked through the (questionId, rank) index, so a page costs the same
   * however many answers the question has.
   */
  router.get('/responses/:questionId', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(questionIdParams, req.params, 'params');
    const { after, limit } = pageOf(req, pageKey);
    const actor = readerOf(req);
    if (!(await findQuestion(ctx, questionId))) {
      throw notFound('Question not found', `There is no question ${questionId}.`);
    }
    await assertMayRead(ctx, actor, questionId);
    const viewerId = actor?.userId ?? null;
    const own =
      after === null && viewerId !== null
        ? (await responses().find({ questionId, authorId: viewerId })).filter((doc) =>
            seenBy(doc, viewerId),
          )
        : [];
    const rest = await responses().find(
      {
        questionId,
        visibility: 'visible',
        ...(after ? { rank: { $gt: after.rank } } : {}),
        ...(viewerId !== null ? { authorId: { $ne: viewerId } } : {}),
      },
      { sort: { rank: 1 }, limit: limit - own.length + 1 },
    );
    const more = rest.length > limit - own.length;
    const page = [...own, ...rest.slice(0, limit - own.length)];
    const ids = page.map((doc) => doc._id);
    const echoed = await echoedBy(viewerId, ids);
    const reactionsOf = await reactionSummaries(ctx, questionId, viewerId, ids);
    const activityOf = await authorActivity(
      ctx,
      page.map((doc) => doc.authorId),
    );
    sendPage(
      req,
      res,
      page.map((doc) => ({
        ...toResponseDto(doc, viewerId, echoed.has(doc._id), reactionsOf(doc._id)),
        activity: activityOf(doc.authorId),
      })),
      more ? { rank: page[page.length - 1]!.rank } : null,
      await visibleAnswerCount(ctx, questionId),
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
