import { z } from 'zod';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * v2: the answer's text is sealed with its author's key, and reads as null once they erased
 * their data. v1 answers were written in the clear and keep their text as written.
 */
export const ResponseSubmitted = defineEvent({
  type: 'ResponseSubmitted',
  version: 2,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    authorId: z.string().min(1),
    pseudonym: z.string(),
    content: z.string().min(1).nullable(),
    spectrumPosition: z.number().int().min(-100).max(100).nullable(),
    day: productDay,
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => data },
  sealed: { subject: (data) => data.authorId, fields: ['content'] },
});

export const ResponseDeleted = defineEvent({
  type: 'ResponseDeleted',
  version: 1,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    authorId: z.string().min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});

export type ResponseSubmittedData = z.infer<typeof ResponseSubmitted.schema>;
export type ResponseDeletedData = z.infer<typeof ResponseDeleted.schema>;

export type ResponseEvent =
  | { type: 'ResponseSubmitted'; data: ResponseSubmittedData }
  | { type: 'ResponseDeleted'; data: ResponseDeletedData };
