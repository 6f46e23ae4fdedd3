import { z } from 'zod';

export const postReplyBody = z.strictObject({
  content: z.string({ error: 'content must be a string' }).max(10_000, 'Reply is too long'),
  responseId: z
    .string({ error: 'responseId must be a string' })
    .min(1, 'responseId is required')
    .max(100),
});
export type PostReplyBody = z.infer<typeof postReplyBody>;
