import { z } from 'zod';

export const submitResponseBody = z.strictObject({
  content: z.string({ error: 'content must be a string' }).max(20_000, 'Response is too long'),
  questionId: z.coerce
    .number({ error: 'questionId must be a number' })
    .int('questionId must be a whole number')
    .positive('questionId must be positive'),
  spectrumPosition: z
    .number({ error: 'spectrumPosition must be a number' })
    .int()
    .min(-100)
    .max(100)
    .nullable()
    .optional(),
});
export type SubmitResponseBody = z.infer<typeof submitResponseBody>;
