import { z } from 'zod';
import { defineEvent } from '../shared/events';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const at = z.iso.datetime();
const questionId = z.number().int().positive();
/** The admin who did it, by username. */
const admin = z.string().min(1);

export const QuestionOfTheDayActivated = defineEvent({
  type: 'QuestionOfTheDayActivated',
  version: 2,
  schema: z.object({
    day,
    questionId,
    content: z.string().min(1),
    category: z.string().min(1),
    submissionId: z.string().nullable(),
    /** 'bank' when chosen automatically, 'admin' when an admin chose or scheduled it. */
    source: z.enum(['bank', 'admin']),
    /** v2: the admin who set it as today's question; absent when the day's activation chose it. */
    by: admin.optional(),
    /** v2: the question it replaced that day, when an admin replaced one. */
    replaced: questionId.optional(),
    at,
  }),
  // v1 had neither field: every v1 activation was the day's own.
  upcasters: { 1: (data) => data },
});

export type QuestionOfTheDayActivatedData = z.infer<typeof QuestionOfTheDayActivated.schema>;

export type QuestionEvent = {
  type: 'QuestionOfTheDayActivated';
  data: QuestionOfTheDayActivatedData;
};

const questionText = z.object({
  content: z.string().min(1),
  category: z.string().min(1),
});

/** An admin scheduled a question (their own, the bank's or an approved submission) for a day. */
export const QuestionScheduled = defineEvent({
  type: 'QuestionScheduled',
  version: 1,
  schema: questionText.extend({
    questionId,
    scheduledFor: day,
    submissionId: z.string().nullable(),
    by: admin,
    at,
  }),
});

/** An admin wrote a question to be set as today's (custom, generated) or kept as a draft. */
export const QuestionDrafted = defineEvent({
  type: 'QuestionDrafted',
  version: 1,
  schema: questionText.extend({
    questionId,
    submissionId: z.string().nullable(),
    by: admin,
    at,
  }),
});

/**
 * A scheduled or draft question's content, category or date changed: only what changed,
 * before and after. A draft given a date (before: null) is scheduled from then on.
 */
export const ScheduledQuestionEdited = defineEvent({
  type: 'ScheduledQuestionEdited',
  version: 1,
  schema: z.object({
    questionId,
    before: questionText.extend({ scheduledFor: day.nullable() }).partial(),
    after: questionText.extend({ scheduledFor: day }).partial(),
    by: admin,
    at,
  }),
});

/** A scheduled or draft question was deleted before it was ever asked. */
export const QuestionDeleted = defineEvent({
  type: 'QuestionDeleted',
  version: 1,
  schema: z.object({ questionId, by: admin, at }),
});
