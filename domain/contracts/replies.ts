import type { ModerationStateDto } from './reports';

export type { PostReplyBody } from './schemas/replies';

/** A reply as any reader sees it: the author's pseudonym, ownership precomputed. */
export type ReplyDto = {
  id: string;
  responseId: string;
  content: string;
  /** The author's pseudonym ('Anonymous' when empty). */
  user: string;
  dateAdded: string;
  isOwn: boolean;
  /** Only on the caller's own reply that others no longer see: held or hidden, and why. */
  moderation: ModerationStateDto | null;
};

export type PostReplyResult = { position: string | null; reply: ReplyDto };
