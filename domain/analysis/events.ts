import { z } from 'zod';
import { defineEvent } from '../shared/events';

/**
 * The analyzer refused an answer or a reply as abusive. The text is never recorded: only what
 * was refused, why, and by which analyzer version (it feeds the rejection rate and the admins'
 * audit).
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
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    at: z.iso.datetime(),
  }),
});
