import { Router } from 'express';
import { z } from 'zod';
import {
  noReactions,
  type ReactionSummaryDto,
  type ToggleReactionResult,
} from '../../domain/contracts/reactions';
import { toggleReactionBody } from '../../domain/contracts/schemas/reactions';
import { reactors } from '../../domain/reactions/reactions';
import { notFound } from '../../domain/shared/errors';
import { reactionsProjection } from '../../projections/reactions';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { participantOf, requireRegistered } from '../http/guards';
import { parseInput } from '../http/validation';
import { assertMayTakePart } from '../policies/discussions';
import { seenBy } from '../policies/visibility';

const responseParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Every answer's reactions to one question as this reader sees them (counts, and their own),
 * by response id: two indexed reads whatever the number of answers.
 */
export const reactionSummaries = async (
  ctx: AppContext,
  questionId: number,
  viewerId: string | null,
  responseIds: readonly string[],
): Promise<(responseId: string) => ReactionSummaryDto> => {
  const read = ctx.readModels.of(reactionsProjection);
  const counts = new Map(
    (await read.reaction_counts.find({ _id: { $in: [...responseIds] } })).map((doc) => [
      doc._id,
      doc.counts,
    ]),
  );
  const mine =
    viewerId === null ? [] : await read.reactions_given.find({ actorId: viewerId, questionId });
  return (responseId) => ({
    counts: counts.get(responseId) ?? noReactions(),
    mine: mine.filter((given) => given.responseId === responseId).map((given) => given.emoji),
  });
};

export const reactionRoutes = (ctx: AppContext) => {
  const router = Router();

  /** Toggles one of the six reactions: open to whoever may take part in the discussion. */
  router.post('/responses/:id/reactions', requireRegistered(ctx), async (req, res) => {
    const { id } = parseInput(responseParams, req.params, 'params');
    const { emoji } = parseInput(toggleReactionBody, req.body);
    const actor = participantOf(req);
    const response = await ctx.readModels
      .of(responsesByQuestionProjection)
      .responses.findOne({ _id: id });
    if (!response || !seenBy(response, actor.userId)) {
      throw notFound('Response not found', 'This response no longer exists.');
    }
    await assertMayTakePart(ctx, actor, response.questionId);
    const { events, position } = await handle(ctx, reactors, {
      type: 'ToggleReaction',
      responseId: id,
      questionId: response.questionId,
      responseAuthorId: response.authorId,
      actorId: actor.userId,
      emoji,
      at: ctx.clock.now(),
    });
    const result: ToggleReactionResult = {
      position: position?.toString() ?? null,
      reacted: events[0]?.type === 'ReactionAdded',
      emoji,
    };
    res.json(result);
  });

  return router;
};
