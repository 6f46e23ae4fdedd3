import { z } from 'zod';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ResponseSubmitted = defineEvent({
  type: 'ResponseSubmitted',
  version: 1,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    authorId: z.string().min(1),
    pseudonym: z.string(),
    content: z.string().min(1),
    spectrumPosition: z.number().int().min(-100).max(100).nullable(),
    day: productDay,
    at: z.iso.datetime(),
  }),
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
