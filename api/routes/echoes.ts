import { Router } from 'express';
import { z } from 'zod';
import type { EchoStatusDto, ToggleEchoResult } from '../../domain/contracts/echoes';
import type { EchoUsageDto } from '../../domain/contracts/responses';
import {
  ECHO_DAILY_LIMIT,
  echoerStreamId,
  echoesGivenOn,
  echoers,
} from '../../domain/echoes/echoes';
import { notFound } from '../../domain/shared/errors';
import { dayStartLabel, productDayOf } from '../../domain/shared/product-day';
import {
  echoStatusId,
  type EchoStatusDoc,
  echoesProjection,
  echoDayId,
} from '../../projections/echoes';
import type { ResponseDoc } from '../../projections/responses-by-question';
import { earlierOn, handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireRegistered, identifyReader, participantOf, readerOf } from '../http/guards';
import { requestKeyOf } from '../http/idempotency';
import { assertMayTakePart } from '../policies/discussions';
import { seenBy } from '../policies/visibility';
import { parseInput } from '../http/validation';

const responseParams = z.object({ id: z.string().min(1).max(100) });

export const echoRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/responses/:id/echo', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(responseParams, req.params, 'params');
    const actor = participantOf(req);
    const once = requestKeyOf(req, actor.userId, 'ToggleEcho', { responseId: id });
    const handler = echoers(ctx.dayRules);
    const at = ctx.clock.now();
    const command = (response: Pick<ResponseDoc, 'questionId' | 'authorId'>) => ({
      type: 'ToggleEcho' as const,
      responseId: id,
      questionId: response.questionId,
      responseAuthorId: response.authorId,
      actorId: actor.userId,
      at,
    });
    // A repeat is found in the actor's own stream, before the answer is looked up.
    const earlier = await earlierOn(ctx, echoerStreamId(actor.userId), handler.decider, once);
    const { events, position, state } =
      earlier ??
      (await (async () => {
        const response = await ctx.readModels
          .collection<ResponseDoc>('responses')
          .findOne({ _id: id });
        // One others no longer see (held or hidden) is not theirs to echo.
        if (!response || !seenBy(response, actor.userId)) {
          throw notFound('Response not found', 'This response no longer exists.');
        }
        await assertMayTakePart(ctx, actor, response.questionId);
        return handle(ctx, handler, command(response), once);
      })());
    const toggled = events[0];
    // A repeat answers with the count as it stood after the first sending, on that day.
    const when = toggled ? new Date(toggled.data.at) : at;
    const result: ToggleEchoResult = {
      position: position?.toString() ?? null,
      hasEchoed: toggled?.type === 'EchoGiven',
      echoesUsed: echoesGivenOn(state, productDayOf(when, ctx.dayRules)),
      dailyLimit: ECHO_DAILY_LIMIT,
      resetsAt: dayStartLabel(ctx.dayRules, when),
    };
    res.json(result);
  });

  /** How many echoes the caller has left today (from the read model; 0 used when unregistered). */
  router.get('/user/echo-usage', identifyReader(ctx), async (req, res) => {
    const actor = readerOf(req);
    const at = ctx.clock.now();
    const day = productDayOf(at, ctx.dayRules);
    const used = actor
      ? ((
          await ctx.readModels
            .of(echoesProjection)
            .echo_days.findOne({ _id: echoDayId(actor.userId, day) })
        )?.given ?? 0)
      : 0;
    res.json({
      used,
      dailyLimit: ECHO_DAILY_LIMIT,
      remaining: Math.max(0, ECHO_DAILY_LIMIT - used),
      resetsAt: dayStartLabel(ctx.dayRules, at),
    } satisfies EchoUsageDto);
  });

  router.get('/responses/:id/echo-status', identifyReader(ctx), async (req, res) => {
    const { id } = parseInput(responseParams, req.params, 'params');
    const actor = readerOf(req);
    const echo = actor
      ? await ctx.readModels
          .collection<EchoStatusDoc>('echo_status')
          .findOne({ _id: echoStatusId(actor.userId, id) })
      : null;
    res.json({ hasEchoed: echo !== null } satisfies EchoStatusDto);
  });

  return router;
};
