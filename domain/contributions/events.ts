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

/** A person's words are sealed with their key; the board's own ideas (no author) are not. */
const byAuthor = (data: { authorId: string | null }) => data.authorId;

/**
 * An idea reached the brainstorm board: from a person (/brainstorm: `authorId` is their
 * identity, never shown to others) or from an admin on the board (`addedBy`).
 *
 * v2: a person's idea is sealed with their key (`content` and `notes` read as null once they
 * erased their data). v1 ideas were written in the clear and keep their text as written.
 */
export const SuggestionMade = defineEvent({
  type: 'SuggestionMade',
  version: 2,
  schema: ideaText.extend({
    content: z.string().min(1).nullable(),
    suggestionId: z.string().min(1),
    authorId: z.string().min(1).nullable(),
    /** The author's pseudonym when they wrote it: shown to admins only. */
    authorName: z.string().nullable(),
    addedBy: admin.nullable(),
    at,
  }),
  upcasters: { 1: (data) => data },
  sealed: { subject: byAuthor, fields: ['content', 'notes'] },
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

/**
 * Content, category or notes changed: what they were and what they became.
 *
 * v2: names the idea's author, whose key seals `before` and `after` (an edit of a person's
 * words is still their words); both read as null once they erased their data. v1 edits were
 * written in the clear (their author unnamed) and keep their text as written.
 */
export const SuggestionEdited = defineEvent({
  type: 'SuggestionEdited',
  version: 2,
  schema: z.object({
    suggestionId: z.string().min(1),
    authorId: z.string().min(1).nullable(),
    before: ideaText.partial().nullable(),
    after: ideaText.partial().nullable(),
    by: admin,
    at,
  }),
  upcasters: { 1: (data) => ({ ...(data as object), authorId: null }) },
  sealed: { subject: byAuthor, fields: ['before', 'after'] },
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

/**
 * A person sent a question from /submit-question.
 *
 * v2: `content` is sealed with its author's key, and reads as null once they erased their
 * data. v1 submissions were written in the clear and keep their text as written.
 */
export const SubmissionSent = defineEvent({
  type: 'SubmissionSent',
  version: 2,
  schema: z.object({
    submissionId: z.string().min(1),
    content: z.string().min(1).nullable(),
    authorId: z.string().min(1),
    /** The author's pseudonym when they sent it: shown to admins only. */
    submitterName: z.string(),
    at,
  }),
  upcasters: { 1: (data) => data },
  sealed: { subject: (data) => data.authorId, fields: ['content'] },
});

/**
 * An admin's review: only the fields it changed, before and after.
 *
 * v2: names the submission's author, whose key seals `before` and `after` (the question's
 * text and the notes on it); both read as null once they erased their data. v1 reviews were
 * written in the clear (their author unnamed) and keep their text as written.
 */
export const SubmissionReviewed = defineEvent({
  type: 'SubmissionReviewed',
  version: 2,
  schema: z.object({
    submissionId: z.string().min(1),
    authorId: z.string().min(1).nullable(),
    before: review.partial().nullable(),
    after: review.partial().nullable(),
    by: admin,
    at,
  }),
  upcasters: { 1: (data) => ({ ...(data as object), authorId: null }) },
  sealed: { subject: byAuthor, fields: ['before', 'after'] },
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
