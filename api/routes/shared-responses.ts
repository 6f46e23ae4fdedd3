import { Router } from 'express';
import { z } from 'zod';
import type { SharedPairDto } from '../../domain/contracts/shared-responses';
import { pairViews } from '../../domain/perspectives/views';
import { notFound } from '../../domain/shared/errors';
import type { PairDoc } from '../../projections/perspective-pairs';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireRegistered, identifyReader, participantOf, readerOf } from '../http/guards';
import { assertMayRead, assertMayTakePart } from '../policies/discussions';
import { pageOf, sendPage } from '../http/paging';
import { parseInput } from '../http/validation';

const questionParams = z.object({
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int()
    .positive('questionId must be positive'),
});
const pairParams = z.object({ pairId: z.string().min(1).max(200) });
/** Where a page of pairs ended: the last pair's place in the list's order. */
const pairKey = z.object({ order: z.string().max(300) });

const side = (s: PairDoc['one']) => ({
  content: s.content,
  user: { displayName: s.pseudonym || 'Anonymous', username: s.pseudonym || 'Anonymous' },
  echoCount: s.echoCount,
});

const toPairDto = (pair: PairDoc): SharedPairDto => ({
  id: pair._id,
  responseOne: side(pair.one),
  responseTwo: side(pair.two),
  question: { content: pair.questionContent },
  viewCount: pair.viewCount,
  likeCount: pair.one.echoCount + pair.two.echoCount,
  comparisonInsight: pair.insight,
});

export const sharedResponseRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/shared-responses/:questionId', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(questionParams, req.params, 'params');
    const { after, limit } = pageOf(req, pairKey);
    const actor = readerOf(req);
    await assertMayRead(ctx, actor, questionId);
    // Oldest first, a page at a time through the (questionId, order) index.
    const pairs = ctx.readModels.collection<PairDoc>('perspective_pairs');
    const found = await pairs.find(
      { questionId, ...(after ? { order: { $gt: after.order } } : {}) },
      { sort: { order: 1 }, limit: limit + 1 },
    );
    const page = found.slice(0, limit);
    const next = found.length > limit ? { order: page[page.length - 1]!.order } : null;
    sendPage(req, res, page.map(toPairDto), next, await pairs.count({ questionId }));
  });

  router.post('/shared-responses/pairs/:pairId/views', requireRegistered(ctx), async (req, res) => {
    const { pairId } = parseInput(pairParams, req.params, 'params');
    const actor = participantOf(req);
    const pair = await ctx.readModels
      .collection<PairDoc>('perspective_pairs')
      .findOne({ _id: pairId });
    if (!pair) throw notFound('Pair not found', 'This comparison no longer exists.');
    await assertMayTakePart(ctx, actor, pair.questionId);
    const { position } = await handle(ctx, pairViews, {
      type: 'RecordPairView',
      pairId,
      questionId: pair.questionId,
      viewerId: actor.userId,
      at: ctx.clock.now(),
    });
    res.json({ position: position?.toString() ?? null });
  });

  return router;
};
