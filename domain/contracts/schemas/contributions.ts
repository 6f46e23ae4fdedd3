import { z } from 'zod';
import { IDEA_CATEGORIES, SUGGESTION_CATEGORIES } from '../../contributions/rules';
import { BOARD_STATUSES } from '../contributions';

/** Generous bounds on what a body may carry; the deciders hold the product's own rules. */
const text = (field: string, max = 5_000) =>
  z.string({ error: `${field} must be a string` }).max(max, `${field} is too long`);

/** Ids the server handed out: nothing else reaches a stream name. */
export const contributionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id is not a contribution id'),
});

/**
 * /brainstorm. The spec's `createdBy` (a random id the browser made up) is accepted and
 * ignored: the author is the caller, as the server knows them.
 */
export const suggestBody = z.strictObject({
  content: text('content'),
  category: z.enum(SUGGESTION_CATEGORIES, { error: 'category is not one of ours' }).nullish(),
  createdBy: z.string().max(200).optional(),
});
export type SuggestBody = z.infer<typeof suggestBody>;

/** /submit-question. */
export const submitQuestionBody = z.strictObject({ content: text('content') });
export type SubmitQuestionBody = z.infer<typeof submitQuestionBody>;

export const addIdeaBody = z.strictObject({
  content: text('content'),
  category: z.enum(IDEA_CATEGORIES, { error: 'category is not one of ours' }).nullish(),
  notes: text('notes').nullish(),
});
export type AddIdeaBody = z.infer<typeof addIdeaBody>;

/** Any of content, category, notes, status; a status change may say why. */
export const editIdeaBody = z
  .strictObject({
    content: text('content').optional(),
    category: z.enum(IDEA_CATEGORIES, { error: 'category is not one of ours' }).nullish(),
    notes: text('notes').nullish(),
    status: z.enum(['pending', 'approved', 'rejected']).optional(),
    reason: text('reason', 1_000).nullish(),
  })
  .refine(
    (b) =>
      b.content !== undefined ||
      b.category !== undefined ||
      b.notes !== undefined ||
      b.status !== undefined,
    { message: 'Nothing to change', path: ['body'] },
  );
export type EditIdeaBody = z.infer<typeof editIdeaBody>;

export const voteBody = z.strictObject({ voteType: z.enum(['up', 'down']) });
export type VoteBody = z.infer<typeof voteBody>;

/** Schedules an approved submission as the question of a day (from tomorrow on). */
export const scheduleSubmissionBody = z.object({
  scheduledDate: z.iso.date({ error: 'Please select a date for scheduling' }),
});

/** A paged list's own parameters (checked by the pager): allowed beside a list's filters. */
const pageParams = { cursor: z.unknown().optional(), limit: z.unknown().optional() };

export const submissionsQuery = z.strictObject({
  status: z.enum(['pending', 'approved', 'rejected', 'used']).optional(),
  ...pageParams,
});

/** The whole board (pending first, then approved) or one of its lists. */
export const brainstormQuery = z.strictObject({
  status: z.enum(BOARD_STATUSES, { error: 'status must be pending or approved' }).optional(),
  ...pageParams,
});

/** status, adminNotes, content: only what changed. */
export const reviewSubmissionBody = z
  .strictObject({
    status: z.enum(['pending', 'approved', 'rejected', 'used']).optional(),
    adminNotes: text('adminNotes', 2_000).nullish(),
    content: text('content').optional(),
  })
  .refine((b) => b.status !== undefined || b.adminNotes !== undefined || b.content !== undefined, {
    message: 'Nothing to change',
    path: ['body'],
  });
export type ReviewSubmissionBody = z.infer<typeof reviewSubmissionBody>;
