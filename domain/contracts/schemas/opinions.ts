import { z } from 'zod';
import { OPINION_SUMMARIES_MAX } from '../opinions';

const questionId = z.coerce
  .number({ error: 'questionId must be a number' })
  .int('questionId must be a whole number')
  .positive('questionId must be positive')
  .max(Number.MAX_SAFE_INTEGER, 'questionId is too large');

export const opinionParams = z.object({ questionId });

/** `?questionIds=3,4,5`: the dashboard's questions, each once. */
export const opinionSummariesQuery = z.strictObject({
  questionIds: z
    .string({ error: 'questionIds must be a list of question ids' })
    .max(1000, 'questionIds is too long')
    .transform((list, context) => {
      const ids = list.split(',').map((part) => Number(part.trim()));
      if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
        context.addIssue({ code: 'custom', message: 'questionIds must be positive whole numbers' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .refine((ids) => ids.length <= OPINION_SUMMARIES_MAX, {
      message: `questionIds names at most ${OPINION_SUMMARIES_MAX} questions`,
    }),
});
