import { z } from 'zod';
import { MINI_ID_PATTERN } from '../mini';

/** A dilemma's, choice's or archetype's id in a body or a path. */
export const miniId = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(MINI_ID_PATTERN, `${field} must be 1–64 letters, digits, "-" or "_"`);

export const saveResultBody = z.strictObject({
  dilemmaId: miniId('dilemmaId'),
  /** What the browser believes it earned: checked against the server's own decision. */
  archetypeId: miniId('archetypeId').optional(),
  /** The chosen choice ids, root first: an array, or the spec's comma-joined string. */
  path: z.union([
    z.array(miniId('path')).min(1, 'path is empty').max(10, 'path is too long'),
    z
      .string({ error: 'path must be a list of choice ids' })
      .max(700, 'path is too long')
      .transform((joined) => joined.split(',').map((id) => id.trim()))
      .pipe(z.array(miniId('path')).min(1).max(10, 'path is too long')),
  ]),
});
export type SaveResultBody = z.input<typeof saveResultBody>;

export const postChatMessageBody = z.strictObject({
  content: z.string({ error: 'content must be a string' }).max(2_000, 'Message is too long'),
  /** The spec's field, kept for clients that send it; ignored: the server names travellers. */
  username: z.string({ error: 'username must be a string' }).max(200).nullable().optional(),
});
export type PostChatMessageBody = z.infer<typeof postChatMessageBody>;

export const narrativeResultBody = z.strictObject({
  choiceIds: z.array(miniId('choiceIds')).min(1, 'choiceIds is empty').max(10),
  /** Sent by the spec's client ('anonymous'); the caller is the session, so it is not used. */
  userId: z.string().max(100).optional(),
});
