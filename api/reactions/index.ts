import type { Reaction } from '../../projections/engine/define';
import type { CommandContext } from '../commands/run';
import { recordAnalysis } from './record-analysis';
import { awardBadgeReaction } from './badges';

/** Runs one kind of reaction: parses it (it crossed from a projection) and runs its command. */
export type ReactionHandler = (ctx: CommandContext, reaction: Reaction) => Promise<void>;

/**
 * Every reaction a reactor may ask for, by type. A feature with a reactor adds its handler
 * here; its command must change nothing when repeated (reactions run at least once).
 */
export const reactionHandlers: Record<string, ReactionHandler> = {
  RecordAnalysis: recordAnalysis,
  AwardBadge: awardBadgeReaction,
};

/** The engine's dispatcher: each reaction in order, through its handler. */
export const reactionDispatcher = (ctx: CommandContext) => async (reactions: Reaction[]) => {
  for (const reaction of reactions) {
    const handler = reactionHandlers[reaction.type];
    if (!handler) throw new Error(`No handler for the reaction ${reaction.type}`);
    await handler(ctx, reaction);
  }
};
