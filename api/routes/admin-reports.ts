import { Router } from 'express';
import { z } from 'zod';
import { analyzeResponse, ANALYZER_VERSION } from '../../domain/analysis/analyzer';
import { judgeCivility } from '../../domain/analysis/civility';
import { fingerprintOf } from '../../domain/analysis/fingerprint';
import { scoreSincerity } from '../../domain/analysis/sincerity';
import type { QueueItemDto, ReportReason, ReportTargetKind } from '../../domain/contracts/reports';
import {
  adminReportsQuery,
  queueItemParams,
  resolveReportBody,
} from '../../domain/contracts/schemas/reports';
import { moderations } from '../../domain/moderation/moderation';
import { conflict, notFound } from '../../domain/shared/errors';
import { unseal } from '../../infra/auth/sealing';
import { moderationQueueProjection, type QueueDoc } from '../../projections/moderation-queue';
import { repliesProjection } from '../../projections/replies';
import { responseAnalysisProjection } from '../../projections/response-analysis';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { adminSessionOf, requireAdmin } from '../http/guards';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

/** Where a page of the queue ended: the list's own sort key. */
const pageKey = z.object({ rank: z.string().max(300) });

type Content = Pick<QueueItemDto, 'content' | 'author' | 'context' | 'scores'>;

const NOTHING: Content = {
  content: null,
  author: 'Anonymous',
  context: { question: null, inReplyTo: null },
  scores: null,
};

/** A reply's or a chat message's scores: civility and sincerity (no question to be relevant to). */
const scoresOfText = (text: string): QueueItemDto['scores'] => ({
  analyzerVersion: ANALYZER_VERSION,
  civility: judgeCivility(text).civility,
  relevance: null,
  sincerity: scoreSincerity(text, false),
});

/**
 * The review queue and its decisions, for admins. Each item comes with its words, where they
 * were said (the question, the answer replied to), the reporters' reasons and notes (never
 * who they are) and the analyzer's scores; every decision is a command on the item's stream
 * and an entry in the moderation history.
 */
export const adminReportRoutes = (ctx: AppContext) => {
  const router = Router();
  const models = ctx.readModels;
  const queue = () => models.of(moderationQueueProjection);
  const responses = () => models.of(responsesByQuestionProjection).responses;

  const answerContent = async (responseId: string): Promise<Content> => {
    const answer = await responses().findOne({ _id: responseId });
    if (!answer) return NOTHING;
    const first = await models.of(responseAnalysisProjection).analysis_fingerprints.findOne({
      _id: `${answer.questionId}:${fingerprintOf(answer.content)}`,
    });
    const scores = analyzeResponse({
      text: answer.content,
      question: { content: answer.questionContent, category: answer.questionCategory },
      isCopy: first !== null && first.authorId !== answer.authorId,
    });
    return {
      content: answer.content,
      author: answer.pseudonym || 'Anonymous',
      context: {
        question: { id: answer.questionId, content: answer.questionContent },
        inReplyTo: null,
      },
      scores: { analyzerVersion: ANALYZER_VERSION, ...scores },
    };
  };

  const replyContent = async (replyId: string): Promise<Content> => {
    const reply = await models.of(repliesProjection).replies.findOne({ _id: replyId });
    if (!reply) return NOTHING;
    const answer = await responses().findOne({ _id: reply.responseId });
    return {
      content: reply.content,
      author: reply.pseudonym || 'Anonymous',
      context: {
        question: answer ? { id: answer.questionId, content: answer.questionContent } : null,
        inReplyTo: answer
          ? { author: answer.pseudonym || 'Anonymous', content: answer.content }
          : null,
      },
      scores: scoresOfText(reply.content),
    };
  };

  const chatContent = async (doc: QueueDoc): Promise<Content> => {
    if (!doc.chat) return NOTHING;
    // An erased author's key is gone: their words went with it.
    const content = await unseal(ctx.auth.vault, doc.chat.content);
    if (content === null) return NOTHING;
    return {
      content,
      author: doc.chat.pseudonym,
      context: { question: null, inReplyTo: null },
      scores: scoresOfText(content),
    };
  };

  const contentOf: Record<ReportTargetKind, (doc: QueueDoc) => Promise<Content>> = {
    response: (doc) => answerContent(doc.target.id),
    reply: (doc) => replyContent(doc.target.id),
    chat: chatContent,
  };

  const toDto = async (doc: QueueDoc): Promise<QueueItemDto> => {
    const open = await queue().moderation_reports.find(
      { itemId: doc._id, open: 1 },
      { sort: { at: 1 } },
    );
    const reasons = (Object.entries(doc.reasons) as [ReportReason, number][])
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([reason, count]) => ({ reason, count }));
    return {
      id: doc._id,
      target: doc.target,
      visibility: doc.visibility,
      reportCount: doc.reportCount,
      reasons,
      notes: open.flatMap((report) => (report.text === null ? [] : [report.text])),
      heldBy: doc.heldBy,
      firstReportedAt: doc.firstReportedAt ?? doc.since,
      lastReportedAt: doc.lastReportedAt ?? doc.since,
      ...(await contentOf[doc.target.kind](doc)),
    };
  };

  router.get('/admin/reports', requireAdmin(ctx), async (req, res) => {
    const { status } = parseInput(adminReportsQuery, req.query, 'query');
    const { after, limit } = pageOf(req, pageKey);
    const items = queue().moderation_queue;
    const [docs, total] = await Promise.all([
      items.find(
        { status, ...(after ? { rank: { $gt: after.rank } } : {}) },
        { sort: { rank: 1 }, limit: limit + 1 },
      ),
      items.count({ status }),
    ]);
    const page = docs.slice(0, limit);
    const dtos: QueueItemDto[] = [];
    // One after another: each reads a few documents, and a page is at most a hundred.
    for (const doc of page) dtos.push(await toDto(doc));
    sendPage(req, res, dtos, docs.length > limit ? { rank: page.at(-1)!.rank } : null, total);
  });

  router.post('/admin/reports/:id/resolve', requireAdmin(ctx), async (req, res) => {
    const { id } = parseInput(queueItemParams, req.params, 'params');
    const body = parseInput(resolveReportBody, req.body);
    const doc = await queue().moderation_queue.findOne({ _id: id });
    if (!doc) throw notFound('Not in the queue', 'Nothing was reported or held here.');
    if (doc.visibility === 'removed') {
      throw conflict('Already gone', 'This item was removed or deleted already.');
    }
    const note = body.note?.trim() ?? '';
    const { events, position } = await handle(ctx, moderations, {
      type: 'ResolveReports',
      target: doc.target,
      action: body.action,
      by: adminSessionOf(req).username,
      note: note === '' ? null : note,
      at: ctx.clock.now(),
    });
    const resolved = events.find((event) => event.type === 'ReportsResolved');
    res.json({
      position: position?.toString() ?? null,
      visibility: resolved?.type === 'ReportsResolved' ? resolved.data.visibility : doc.visibility,
    });
  });

  return router;
};
