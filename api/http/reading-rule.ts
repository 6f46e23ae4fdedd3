import { responderDecider, responderStreamId } from '../../domain/responses/responses';
import type { ResponseEvent } from '../../domain/responses/events';
import { fold } from '../../domain/shared/decider';
import { forbidden } from '../../domain/shared/errors';
import type { ResponseDoc } from '../../projections/responses-by-question';
import type { AppContext } from '../context';
import type { Actor } from './identity';

/*
 * A question's discussion (its responses, replies, echoes and shared pairs) opens to those who
 * answered it. Reading and taking part follow the same rule: knowing an id is not enough.
 */

const refused = (detail: string) => forbidden('Share Your Voice First', detail);

/** For queries: as the read models know it. */
export const assertMayRead = async (
  ctx: AppContext,
  actor: Actor | null,
  questionId: number,
  detail = 'Share your own perspective before viewing others.',
) => {
  const answered =
    actor !== null &&
    (await ctx.readModels
      .collection<ResponseDoc>('responses')
      .count({ questionId, authorId: actor.userId })) > 0;
  if (!answered) throw refused(detail);
};

/**
 * For commands: from the author's own stream (the authority), so taking part right after
 * answering never waits for a read model.
 */
export const assertMayTakePart = async (ctx: AppContext, actor: Actor, questionId: number) => {
  const history = await ctx.events.readStream(responderStreamId(actor.userId));
  const state = fold(responderDecider(ctx.dayRules), history as unknown as ResponseEvent[]);
  const answered = [...state.responses.values()].some(
    (response) => response.questionId === questionId && !response.deleted,
  );
  if (!answered) throw refused('Share your own perspective before joining the conversation.');
};
