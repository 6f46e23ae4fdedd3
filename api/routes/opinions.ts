import { Router } from 'express';
import type {
  OpinionAnswerDto,
  OpinionMapDto,
  OpinionSummaryDto,
} from '../../domain/contracts/opinions';
import { opinionParams, opinionSummariesQuery } from '../../domain/contracts/schemas/opinions';
import { mapDto, placeOn, type OpinionMap } from '../../domain/opinions/opinion-map';
import { personOn } from '../../domain/opinions/vote-matrix';
import { forbidden } from '../../domain/shared/errors';
import { responsesByQuestionProjection } from '../../projections/responses-by-question';
import type { AppContext } from '../context';
import { identifyReader, readerOf } from '../http/guards';
import type { Actor } from '../http/identity';
import { parseInput } from '../http/validation';
import { assertMayRead } from '../policies/discussions';

/** The caller's own place on the map, when their votes put them on it. Sent to them alone. */
const placeOf = async (
  ctx: AppContext,
  map: OpinionMap,
  questionId: number,
  actor: Actor | null,
) => {
  if (!actor || map.status !== 'ready') return null;
  const theirs = await ctx.opinionMaps.rowOf(questionId, actor.userId);
  if (!theirs) return null;
  const person = personOn(map.columns, theirs.ownAnswers, theirs.row);
  return person ? placeOn(map, person) : null;
};

/** The answers a map names: representative ones, then the common ground, each once. */
const namedAnswers = (map: OpinionMap) => [
  ...new Set([
    ...map.groups.flatMap((group) => group.representative.map((r) => r.responseId)),
    ...map.consensus.map((c) => c.responseId),
  ]),
];

export const opinionRoutes = (ctx: AppContext) => {
  const router = Router();

  /**
   * A question's opinion map, for whoever may read its discussion (the discussion's own
   * refusal otherwise). Anonymous dots; the caller's own place only to the caller.
   */
  router.get('/opinions/:questionId', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(opinionParams, req.params, 'params');
    const actor = readerOf(req);
    await assertMayRead(ctx, actor, questionId);
    const { map } = await ctx.opinionMaps.mapOf(questionId);
    const you = await placeOf(ctx, map, questionId, actor);
    res.set('Cache-Control', 'private, no-store');
    res.json(mapDto(map, you) satisfies OpinionMapDto);
  });

  /**
   * The words of the answers the map names, as the discussion shows them (no author): only
   * answers that still stand in it. Asked for beside the map, not after it.
   */
  router.get('/opinions/:questionId/answers', identifyReader(ctx), async (req, res) => {
    const { questionId } = parseInput(opinionParams, req.params, 'params');
    const actor = readerOf(req);
    await assertMayRead(ctx, actor, questionId);
    const { map } = await ctx.opinionMaps.mapOf(questionId);
    const ids = namedAnswers(map);
    const found = ids.length
      ? await ctx.readModels.of(responsesByQuestionProjection).responses.find({ _id: { $in: ids } })
      : [];
    const byId = new Map(
      found.filter((doc) => doc.questionId === questionId).map((d) => [d._id, d]),
    );
    res.set('Cache-Control', 'private, no-store');
    res.json(
      ids.flatMap((id): OpinionAnswerDto[] => {
        const doc = byId.get(id);
        return doc
          ? [{ responseId: id, content: doc.content, isOwn: doc.authorId === actor?.userId }]
          : [];
      }),
    );
  });

  /**
   * For the sentiment dashboard: per question, its groups and the share of common ground.
   * Aggregates only; for registered people, as the dashboard is.
   */
  router.get('/opinions', identifyReader(ctx), async (req, res) => {
    const { questionIds } = parseInput(opinionSummariesQuery, req.query, 'query');
    if (!readerOf(req)) {
      throw forbidden(
        'Registration required',
        'Choose a pseudonym to see the community’s figures.',
      );
    }
    const maps = await ctx.opinionMaps.mapsOf(questionIds);
    res.json(
      maps.map(({ questionId, map }): OpinionSummaryDto => ({
        questionId,
        status: map.status,
        participants: map.participants,
        groups: map.groups.length,
        consensusShare: map.consensusShare,
      })),
    );
  });

  return router;
};
