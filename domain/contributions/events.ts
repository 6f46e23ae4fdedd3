import { z } from 'zod';
import { defineEvent } from '../shared/events';

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
    at: z.iso.datetime(),
  }),
});
