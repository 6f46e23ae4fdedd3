import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit';

const day = z.iso.date({ error: 'use a date like 2026-11-23' });

/** Filters of the moderation history; dates are product days, `to` included. */
export const auditQuery = z
  .object({
    admin: z.string().min(1).max(100).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'action is not one of the audit actions' }).optional(),
    target: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'target is not an id')
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;
