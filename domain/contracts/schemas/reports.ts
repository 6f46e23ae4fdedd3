import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX,
} from '../reports';

const itemId = z
  .string({ error: 'target.id must be a string' })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'target.id is not an id');

export const reportBody = z.strictObject({
  target: z.strictObject(
    {
      kind: z.enum(REPORT_TARGET_KINDS, {
        error: `target.kind must be one of ${REPORT_TARGET_KINDS.join(', ')}`,
      }),
      id: itemId,
    },
    { error: 'target must be an object with kind and id' },
  ),
  reason: z.enum(REPORT_REASONS, {
    error: `reason must be one of ${REPORT_REASONS.join(', ')}`,
  }),
  text: z
    .string({ error: 'text must be a string' })
    .max(REPORT_TEXT_MAX, `text is ${REPORT_TEXT_MAX} characters at most`)
    .optional(),
});
export type ReportBody = z.infer<typeof reportBody>;

export const resolveReportBody = z.strictObject({
  action: z.enum(MODERATION_ACTIONS, {
    error: `action must be one of ${MODERATION_ACTIONS.join(', ')}`,
  }),
  note: z
    .string({ error: 'note must be a string' })
    .max(MODERATION_NOTE_MAX, `note is ${MODERATION_NOTE_MAX} characters at most`)
    .optional(),
});
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

/** A queue item's id in a path: its kind and the item's own id. */
export const queueItemParams = z.object({
  id: z
    .string()
    .regex(/^(?:response|reply|chat)-[A-Za-z0-9_-]{1,100}$/, 'id is not a queue item id'),
});

export const adminReportsQuery = z.object({
  status: z
    .enum(['open', 'hidden'], { error: 'status must be open or hidden' })
    .optional()
    .default('open'),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuery>;
