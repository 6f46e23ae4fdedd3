import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX,
} from '../contracts/reports';
import { defineEvent } from '../shared/events';

const target = z.object({
  kind: z.enum(REPORT_TARGET_KINDS),
  id: z.string().min(1).max(100),
});
const visibility = z.enum(['visible', 'held', 'hidden', 'removed']);
const reason = z.enum([...REPORT_REASONS, 'analyzer']);

/**
 * Someone reported an answer, a reply or a live-chat message. The reporter's words beside the
 * reason are theirs: sealed with their key (null once they erased their data). Who reported is
 * kept for the one-open-report rule and the audit; it is never shown to another member.
 */
export const ItemReported = defineEvent({
  type: 'ItemReported',
  version: 1,
  schema: z.object({
    reportId: z.string().min(1),
    target,
    /** The reported item's author, and its question (null for a chat message). */
    authorId: z.string().min(1),
    questionId: z.number().int().positive().nullable(),
    /** For a reply: the answer it replies to. */
    parentId: z.string().min(1).nullable(),
    reporterId: z.string().min(1),
    reporterPseudonym: z.string(),
    reason: z.enum(REPORT_REASONS),
    text: z.string().max(REPORT_TEXT_MAX).nullable(),
    at: z.iso.datetime(),
  }),
  sealed: { subject: (data) => data.reporterId, fields: ['text'] },
});

/**
 * Who may see an item changed: held pending review (enough reporters, or the analyzer's doubt),
 * hidden or removed by a moderator, or visible again. The one event a read model needs to
 * keep hidden items out of what others see; history itself is never deleted.
 */
export const ItemVisibilityChanged = defineEvent({
  type: 'ItemVisibilityChanged',
  version: 1,
  schema: z.object({
    target,
    authorId: z.string().min(1),
    questionId: z.number().int().positive().nullable(),
    /** For a reply: the answer it replies to. */
    parentId: z.string().min(1).nullable(),
    previous: visibility,
    visibility,
    cause: z.enum(['reports', 'analyzer', 'moderator']),
    /** What the author is told. */
    reason,
    /** The admin who decided; null for an automatic hold. */
    by: z.string().nullable(),
    at: z.iso.datetime(),
  }),
});

/** An admin decided on a reported or held item: every open report on it is closed. */
export const ReportsResolved = defineEvent({
  type: 'ReportsResolved',
  version: 1,
  schema: z.object({
    target,
    authorId: z.string().min(1),
    questionId: z.number().int().positive().nullable(),
    /** For a reply: the answer it replies to. */
    parentId: z.string().min(1).nullable(),
    action: z.enum(MODERATION_ACTIONS),
    reportIds: z.array(z.string().min(1)),
    previous: visibility,
    visibility,
    reason,
    by: z.string().min(1),
    note: z.string().max(MODERATION_NOTE_MAX).nullable(),
    at: z.iso.datetime(),
  }),
});

export type ItemReportedData = z.infer<typeof ItemReported.schema>;
export type ItemVisibilityChangedData = z.infer<typeof ItemVisibilityChanged.schema>;
export type ReportsResolvedData = z.infer<typeof ReportsResolved.schema>;

export type ModerationEvent =
  | { type: 'ItemReported'; data: ItemReportedData }
  | { type: 'ItemVisibilityChanged'; data: ItemVisibilityChangedData }
  | { type: 'ReportsResolved'; data: ReportsResolvedData };
