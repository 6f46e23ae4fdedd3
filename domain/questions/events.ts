import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const QuestionOfTheDayActivated = defineEvent({
  type: 'QuestionOfTheDayActivated',
  version: 1,
  schema: z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    questionId: z.number().int().positive(),
    content: z.string().min(1),
    category: z.string().min(1),
    submissionId: z.string().nullable(),
    /** 'bank' when chosen automatically, 'admin' when an admin chose it. */
    source: z.enum(['bank', 'admin']),
    at: z.iso.datetime(),
  }),
});

export type QuestionOfTheDayActivatedData = z.infer<typeof QuestionOfTheDayActivated.schema>;

export type QuestionEvent = {
  type: 'QuestionOfTheDayActivated';
  data: QuestionOfTheDayActivatedData;
};
