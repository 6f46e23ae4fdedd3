import { z } from 'zod';
import { REPORT_TARGET_KINDS } from '../../domain/contracts/reports';
import { moderations } from '../../domain/moderation/moderation';
import { replies } from '../../domain/replies/replies';
import { responders } from '../../domain/responses/responses';
import { handle } from '../commands/run';
import type { ReactionHandler } from './index';

const item = z.object({
  target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string().min(1) }),
  authorId: z.string().min(1),
  questionId: z.number().int().positive().nullable(),
  parentId: z.string().min(1).nullable(),
  at: z.iso.datetime(),
});

/** The analyzer's hold; the item's moderation stream holds it once, never after a decision. */
export const holdItemReaction: ReactionHandler = async (ctx, reaction) => {
  const hold = item.parse(reaction);
  await handle(ctx, moderations, { type: 'HoldItem', ...hold, at: new Date(hold.at) });
};

/**
 * A moderator's removal, as its author's delete: the author's stream deletes it once (asked
 * again, it changes nothing), and every read model counts it as the delete it is.
 */
export const removeItemReaction: ReactionHandler = async (ctx, reaction) => {
  const removal = item.parse(reaction);
  const at = new Date(removal.at);
  if (removal.target.kind === 'response') {
    await handle(ctx, responders(ctx.dayRules), {
      type: 'DeleteResponse',
      responseId: removal.target.id,
      authorId: removal.authorId,
      at,
    });
  } else if (removal.target.kind === 'reply') {
    await handle(ctx, replies, {
      type: 'DeleteReply',
      replyId: removal.target.id,
      actorId: removal.authorId,
      at,
    });
  }
};
