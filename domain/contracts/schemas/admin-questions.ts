import { z } from 'zod';
import { FOCUS_TYPES } from '../../questions/focus';
import { GENERAL_CATEGORY } from '../../questions/rules';

const content = z.string({ error: 'content must be text' }).max(5000, 'content is too long');
const category = z.string({ error: 'category must be text' }).max(100, 'category is too long');
const date = z.iso.date({ error: 'use a date like 2026-11-24' });
const dateRequired = z.iso.date({ error: 'Please select a date for scheduling' });

export const focusQuery = z.object({
  type: z
    .enum(FOCUS_TYPES, { error: 'type is one of auto, cultural, philosophical, social, political' })
    .default('auto'),
});

/** Sets a bank question as today's: the one previewed (`bankId`), else one for the focus. */
export const generateBody = z.object({
  type: focusQuery.shape.type,
  bankId: z.number({ error: 'bankId must be a number' }).int().positive().optional(),
});

/** A custom question, set as today's. */
export const saveEditedBody = z.object({
  content,
  category: category.default(GENERAL_CATEGORY),
});

export const scheduleQuestionBody = z.object({
  content,
  category,
  scheduledFor: dateRequired,
});

export const editQuestionBody = z
  .object({
    content: content.optional(),
    category: category.optional(),
    scheduledFor: date.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'send content, category or scheduledFor',
    path: ['content'],
  });

export const adminQuestionIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'id is too large'),
});
