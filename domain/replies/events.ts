import { z } from 'zod';
import { defineEvent } from '../shared/events';

/**
 * v2: the reply's text is sealed with its author's key, and reads as null once they erased
 * their data. v1 replies were written in the clear and keep their text as written.
 */
export const ReplyPosted = defineEvent({
  type: 'ReplyPosted',
  version: 2,
  schema: z.object({
    replyId: z.string().min(1),
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    authorId: z.string().min(1),
    pseudonym: z.string(),
    content: z.string().min(1).nullable(),
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => data },
  sealed: { subject: (data) => data.authorId, fields: ['content'] },
});

export const ReplyDeleted = defineEvent({
  type: 'ReplyDeleted',
  version: 1,
  schema: z.object({
    replyId: z.string().min(1),
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    authorId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type ReplyPostedData = z.infer<typeof ReplyPosted.schema>;
export type ReplyDeletedData = z.infer<typeof ReplyDeleted.schema>;

export type ReplyEvent =
  { type: 'ReplyPosted'; data: ReplyPostedData } | { type: 'ReplyDeleted'; data: ReplyDeletedData };
