import { z } from 'zod';

export const postReplyBody = z.strictObject({
  content: z.string({ error: 'content must be a string' }).max(10_000, 'Reply is too long'),
  responseId: z
    .string({ error: 'responseId must be a string' })
    .min(1, 'responseId is required')
    .max(100),
});
export type PostReplyBody = z.infer<typeof postReplyBody>;

/** A reply as any reader sees it: the author's pseudonym, ownership precomputed. */
export type ReplyDto = {
  id: string;
  responseId: string;
  content: string;
  /** The author's pseudonym ('Anonymous' when empty). */
  user: string;
  dateAdded: string;
  isOwn: boolean;
};

export type PostReplyResult = { position: string | null; reply: ReplyDto };
