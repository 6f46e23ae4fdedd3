import type { ResponseDto } from '../../../domain/contracts/responses';

/**
 * 'Active discussion' means people are talking with each other, not only answering: at least
 * this many replies across the question's responses.
 */
export const ACTIVE_DISCUSSION_MIN_REPLIES = 3;

export const isActiveDiscussion = (responses: readonly ResponseDto[]) =>
  responses.reduce((sum, r) => sum + r.replyCount, 0) >= ACTIVE_DISCUSSION_MIN_REPLIES;
