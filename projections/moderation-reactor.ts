import { isBorderline, judgeCivility } from '../domain/analysis/civility';
import type { ReportTarget } from '../domain/contracts/reports';
import type { Reaction } from './engine/define';
import { reactor } from './engine/reactor';
import { responsesByQuestionProjection } from './responses-by-question';

type Item = {
  target: ReportTarget;
  authorId: string;
  questionId: number | null;
  parentId: string | null;
};

/** The analyzer doubts an item's tone: it waits for a moderator. */
export type HoldItemReaction = Reaction & Item & { type: 'HoldItem'; at: string };

/** A moderator removed an item: it is deleted as its author would delete it. */
export type RemoveItemReaction = Reaction & Item & { type: 'RemoveItem'; at: string };

/**
 * What moderation must do when events happen: an answer or a reply the analyzer finds
 * borderline (published, not refused) is held for review instead of going straight through;
 * a removal by a moderator deletes the item, so it is counted as a delete everywhere. Chat
 * messages are sealed by the chat itself and never read here: reports are their review.
 */
export const moderationReactor = reactor({
  name: 'moderation',
  reads: [responsesByQuestionProjection],
  on: {
    ResponseAnalyzed: async (event, context) => {
      const { data } = event;
      if (!isBorderline(data.civility)) return;
      const answer = await context
        .read(responsesByQuestionProjection)
        .responses.findOne({ _id: data.responseId });
      // Deleted or erased meanwhile: nothing left to hold.
      if (!answer) return;
      const hold: HoldItemReaction = {
        type: 'HoldItem',
        causationId: event.id,
        target: { kind: 'response', id: data.responseId },
        authorId: answer.authorId,
        questionId: data.questionId,
        parentId: null,
        at: data.at,
      };
      context.dispatch(hold);
    },
    ReplyPosted: (event, context) => {
      const { data } = event;
      if (data.content === null || !isBorderline(judgeCivility(data.content).civility)) return;
      const hold: HoldItemReaction = {
        type: 'HoldItem',
        causationId: event.id,
        target: { kind: 'reply', id: data.replyId },
        authorId: data.authorId,
        questionId: data.questionId,
        parentId: data.responseId,
        at: data.at,
      };
      context.dispatch(hold);
    },
    ReportsResolved: (event, context) => {
      const { data } = event;
      if (data.action !== 'remove' || data.target.kind === 'chat') return;
      const removal: RemoveItemReaction = {
        type: 'RemoveItem',
        causationId: event.id,
        target: data.target,
        authorId: data.authorId,
        questionId: data.questionId,
        parentId: data.parentId,
        at: data.at,
      };
      context.dispatch(removal);
    },
  },
});
