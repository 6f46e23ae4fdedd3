import { z } from 'zod';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const unitScore = z.number().min(0).max(1);

/**
 * The analyzer refused an answer or a reply as abusive. The text is never recorded: only what
 * was refused, why, and by which analyzer version (it feeds the rejection rate and the admins'
 * audit, never the person's words). `day` is the product day of the discussion the text was
 * meant for: for an answer, that day; for a reply, the day of the answer replied to.
 */
export const ContentRejected = defineEvent({
  type: 'ContentRejected',
  version: 1,
  schema: z.object({
    rejectionId: z.string().min(1),
    kind: z.enum(['response', 'reply']),
    questionId: z.number().int().positive(),
    reason: z.string().min(1).max(200),
    analyzerVersion: z.string().min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});

/**
 * The analyzer's scores for an answer (each 0–1, three decimals), by one analyzer version.
 * Recorded once per answer and version: a later version adds its own, never rewrites this one.
 */
export const ResponseAnalyzed = defineEvent({
  type: 'ResponseAnalyzed',
  version: 1,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    day: productDay,
    relevance: unitScore,
    civility: unitScore,
    sincerity: unitScore,
    analyzerVersion: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type ContentRejectedData = z.infer<typeof ContentRejected.schema>;
export type ResponseAnalyzedData = z.infer<typeof ResponseAnalyzed.schema>;

export type ContentRejectedEvent = { type: 'ContentRejected'; data: ContentRejectedData };
export type ResponseAnalyzedEvent = { type: 'ResponseAnalyzed'; data: ResponseAnalyzedData };
