import type { Reaction } from '../../projections/engine/define';
import type { CommandContext } from '../commands/run';
import { recordAnalysis } from './record-analysis';
import { awardBadgeReaction } from './badges';
import { holdItemReaction, removeItemReaction } from './moderation';

/** Runs one kind of reaction: parses it (it crossed from a projection) and runs its command. */
export type ReactionHandler = (ctx: CommandContext, reaction: Reaction) => Promise<void>;

/**
 * Every reaction a reactor may ask for, by type. A feature with a reactor adds its handler
 * here; its command must change nothing when repeated (reactions run at least once).
 */
export const reactionHandlers: Record<string, ReactionHandler> = {
  RecordAnalysis: recordAnalysis,
  AwardBadge: awardBadgeReaction,
  HoldItem: holdItemReaction,
  RemoveItem: removeItemReaction,
};

/** Commands one batch's reactions may have under way at once. */
const REACTIONS_IN_FLIGHT = 64;

/** The engine's dispatcher: every reaction of a batch through its handler. */
export const reactionDispatcher = (ctx: CommandContext) => async (reactions: Reaction[]) => {
  const handlers = reactions.map((reaction) => {
    const handler = reactionHandlers[reaction.type];
    if (!handler) throw new Error(`No handler for the reaction ${reaction.type}`);
    return () => handler(ctx, reaction);
  });
  // A batch's reactions run side by side, a bounded number at a time, so their appends share
  // the log's group commits; two aimed at one stream still queue on its lock (and its revision).
  for (let start = 0; start < handlers.length; start += REACTIONS_IN_FLIGHT) {
    await Promise.all(handlers.slice(start, start + REACTIONS_IN_FLIGHT).map((run) => run()));
  }
};
