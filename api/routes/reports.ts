import { Router } from 'express';
import type {
  ModerationNoticeDto,
  ReportResult,
  ReportTarget,
} from '../../domain/contracts/reports';
import { reportBody } from '../../domain/contracts/schemas/reports';
import { moderations } from '../../domain/moderation/moderation';
import { invalid, notFound } from '../../domain/shared/errors';
import { normalizeText, textFault } from '../../domain/shared/text';
import { miniLiveChatProjection } from '../../projections/mini-live-chat';
import { moderationQueueProjection } from '../../projections/moderation-queue';
import { repliesProjection } from '../../projections/replies';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { identifyReader, participantOf, readerOf, requireRegistered } from '../http/guards';
import type { Actor } from '../http/identity';
import { REPORTS_PER_PERSON } from '../http/quotas';
import { parseInput } from '../http/validation';
import { assertMayRead } from '../policies/discussions';

/** Notices an author is shown at most: the newest. */
const NOTICES_SHOWN = 50;

type ReportedItem = {
  authorId: string;
  questionId: number | null;
  parentId: string | null;
};

const missing = () => notFound('Not found', 'There is nothing to report here.');

/**
 * The item as the reporter may see it: an answer or reply of a discussion they may read, a
 * live-chat message still shown. What others no longer see cannot be reported (404, as for an
 * id that never was): a reporter learns nothing of an item's state.
 */
const visibleItem = async (
  ctx: AppContext,
  actor: Actor,
  target: ReportTarget,
): Promise<ReportedItem> => {
  const models = ctx.readModels;
  if (target.kind === 'chat') {
    const message = await models
      .of(miniLiveChatProjection)
      .live_chat_messages.findOne({ _id: target.id });
    if (!message || message.visibility !== 'visible') throw missing();
    return { authorId: message.authorId, questionId: null, parentId: null };
  }
  const responses = models.of(responsesByQuestionProjection).responses;
  if (target.kind === 'response') {
    const answer = await responses.findOne({ _id: target.id });
    if (!answer || answer.visibility !== 'visible') throw missing();
    await assertMayRead(ctx, actor, answer.questionId);
    return { authorId: answer.authorId, questionId: answer.questionId, parentId: null };
  }
  const reply = await models.of(repliesProjection).replies.findOne({ _id: target.id });
  if (!reply || reply.visibility !== 'visible') throw missing();
  const answer = await responses.findOne({ _id: reply.responseId });
  if (!answer || answer.visibility !== 'visible') throw missing();
  await assertMayRead(ctx, actor, reply.questionId);
  return { authorId: reply.authorId, questionId: reply.questionId, parentId: reply.responseId };
};

/** What a reporter wrote beside the reason: normalised, or null when blank. */
const reporterText = (text: string | undefined): string | null => {
  const normalized = normalizeText(text ?? '').trim();
  if (normalized === '') return null;
  if (textFault(normalized, { multiline: true })) {
    throw invalid('text', 'Invalid characters', 'text has unreadable characters.');
  }
  return normalized;
};

/**
 * Reporting (any registered member, never their own item) and what an author is told of
 * their own items that others no longer see.
 */
export const reportRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/reports', requireRegistered(ctx), async (req, res) => {
    const body = parseInput(reportBody, req.body);
    const actor = participantOf(req);
    ctx.quotas.enforce(res, REPORTS_PER_PERSON, actor.userId);
    const text = reporterText(body.text);
    const item = await visibleItem(ctx, actor, body.target);
    const reportId = ctx.newId();
    const { position } = await handle(ctx, moderations, {
      type: 'ReportItem',
      reportId,
      target: body.target,
      ...item,
      reporterId: actor.userId,
      reporterPseudonym: actor.pseudonym,
      reason: body.reason,
      text,
      holdThreshold: ctx.moderation.holdThreshold,
      at: ctx.clock.now(),
    });
    ctx.quotas.spend(REPORTS_PER_PERSON, actor.userId);
    const result: ReportResult = { id: reportId, position: position?.toString() ?? null };
    res.status(201).json(result);
  });

  router.get('/moderation/notices', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const notices =
      reader === null
        ? []
        : await ctx.readModels
            .of(moderationQueueProjection)
            .moderation_notices.find(
              { authorId: reader.userId },
              { sort: { at: -1 }, limit: NOTICES_SHOWN },
            );
    res.json(
      notices.map((notice): ModerationNoticeDto => ({
        id: notice._id,
        target: notice.target,
        visibility: notice.visibility,
        reason: notice.reason,
        questionId: notice.questionId,
        at: notice.at,
      })),
    );
  });

  return router;
};
