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
import { parseInput } from '../http/validation';

const questionParams = z.object({
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int()
    .positive('questionId must be positive'),
});
const pairParams = z.object({ pairId: z.string().min(1).max(200) });

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
    const actor = readerOf(req);
    await assertMayRead(ctx, actor, questionId);
    const pairs = await ctx.readModels
      .collection<PairDoc>('perspective_pairs')
      .find({ questionId }, { sort: { createdAt: 1 } });
    res.json(pairs.map(toPairDto));
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
