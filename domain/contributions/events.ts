import { z } from 'zod';
import { defineEvent } from '../shared/events';

const at = z.iso.datetime();
/** The admin who did it, by username. */
const admin = z.string().min(1);

/**
 * A person's contribution (a submitted question or a brainstorm idea) became a question:
 * its author is credited (the community note, the archive, a badge). Written by the
 * contributions feature when an admin uses it.
 */
export const ContributionUsed = defineEvent({
  type: 'ContributionUsed',
  version: 1,
  schema: z.object({
    contributionId: z.string().min(1),
    kind: z.enum(['submission', 'suggestion']),
    authorId: z.string().min(1),
    questionId: z.number().int().positive(),
    at,
  }),
});

const suggestionStatus = z.enum(['pending', 'approved', 'rejected']);
const ideaText = z.object({
  content: z.string().min(1),
  category: z.string().min(1).nullable(),
  notes: z.string().nullable(),
});

/**
 * An idea reached the brainstorm board: from a person (/brainstorm: `authorId` is their
 * identity, never shown to others) or from an admin on the board (`addedBy`).
 */
export const SuggestionMade = defineEvent({
  type: 'SuggestionMade',
  version: 1,
  schema: ideaText.extend({
    suggestionId: z.string().min(1),
    authorId: z.string().min(1).nullable(),
    /** The author's pseudonym when they wrote it: shown to admins only. */
    authorName: z.string().nullable(),
    addedBy: admin.nullable(),
    at,
  }),
});

const statusChange = z.object({
  suggestionId: z.string().min(1),
  previous: suggestionStatus,
  /** Why the admin decided so, when they said. */
  reason: z.string().nullable(),
  by: admin,
  at,
});

export const SuggestionApproved = defineEvent({
  type: 'SuggestionApproved',
  version: 1,
  schema: statusChange,
});
/** Rejected ideas leave the board. */
export const SuggestionRejected = defineEvent({
  type: 'SuggestionRejected',
  version: 1,
  schema: statusChange,
});
/** Set back to pending from the edit form. */
export const SuggestionReopened = defineEvent({
  type: 'SuggestionReopened',
  version: 1,
  schema: statusChange,
});

/** Content, category or notes changed: what they were and what they became. */
export const SuggestionEdited = defineEvent({
  type: 'SuggestionEdited',
  version: 1,
  schema: z.object({
    suggestionId: z.string().min(1),
    before: ideaText.partial(),
    after: ideaText.partial(),
    by: admin,
    at,
  }),
});

/** One vote per admin: a later vote replaces that admin's earlier one. */
export const SuggestionVoted = defineEvent({
  type: 'SuggestionVoted',
  version: 1,
  schema: z.object({
    suggestionId: z.string().min(1),
    vote: z.enum(['up', 'down']),
    previous: z.enum(['up', 'down']).nullable(),
    by: admin,
    at,
  }),
});

export const SuggestionPromoted = defineEvent({
  type: 'SuggestionPromoted',
  version: 1,
  schema: z.object({ suggestionId: z.string().min(1), by: admin, at }),
});

export const SuggestionDeleted = defineEvent({
  type: 'SuggestionDeleted',
  version: 1,
  schema: z.object({ suggestionId: z.string().min(1), by: admin, at }),
});

const submissionStatus = z.enum(['pending', 'approved', 'rejected', 'used']);
const review = z.object({
  status: submissionStatus,
  adminNotes: z.string().nullable(),
  content: z.string().min(1),
});

/** A person sent a question from /submit-question. */
export const SubmissionSent = defineEvent({
  type: 'SubmissionSent',
  version: 1,
  schema: z.object({
    submissionId: z.string().min(1),
    content: z.string().min(1),
    authorId: z.string().min(1),
    /** The author's pseudonym when they sent it: shown to admins only. */
    submitterName: z.string(),
    at,
  }),
});

/** An admin's review: only the fields it changed, before and after. */
export const SubmissionReviewed = defineEvent({
  type: 'SubmissionReviewed',
  version: 1,
  schema: z.object({
    submissionId: z.string().min(1),
    before: review.partial(),
    after: review.partial(),
    by: admin,
    at,
  }),
});

export const SubmissionDeleted = defineEvent({
  type: 'SubmissionDeleted',
  version: 1,
  schema: z.object({ submissionId: z.string().min(1), by: admin, at }),
});

/** An approved submission became a question: a draft, or scheduled for a day. */
export const SubmissionUsed = defineEvent({
  type: 'SubmissionUsed',
  version: 1,
  schema: z.object({
    submissionId: z.string().min(1),
    questionId: z.number().int().positive(),
    scheduledFor: z.iso.date().nullable(),
    by: admin,
    at,
  }),
});

/** An idea became today's question ('Use as Today's Question', 'Use Today'). */
export const SuggestionUsed = defineEvent({
  type: 'SuggestionUsed',
  version: 1,
  schema: z.object({
    suggestionId: z.string().min(1),
    questionId: z.number().int().positive(),
    by: admin,
    at,
  }),
});
