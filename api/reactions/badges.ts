import { z } from 'zod';
import { badges } from '../../domain/badges/badges';
import { handle } from '../commands/run';
import type { ReactionHandler } from './index';

const awardBadge = z.object({
  type: z.literal('AwardBadge'),
  causationId: z.string().min(1),
  personId: z.string().min(1),
  badgeId: z.string().min(1),
  at: z.iso.datetime(),
});

/** The progress reactor asks for a badge; the person's badge stream awards it at most once. */
export const awardBadgeReaction: ReactionHandler = async (ctx, reaction) => {
  const award = awardBadge.parse(reaction);
  await handle(ctx, badges, { ...award, at: new Date(award.at) });
};
