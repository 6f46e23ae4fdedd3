import { z } from 'zod';
import { ENTRY_TYPES, JOURNAL_CONTENT_MAX, JOURNAL_TITLE_MAX } from '../journal';

const entryFields = {
  title: z
    .string({ error: 'title must be a string' })
    .max(JOURNAL_TITLE_MAX, `title must be at most ${JOURNAL_TITLE_MAX} characters`)
    .nullable()
    .optional(),
  content: z
    .string({ error: 'content must be a string' })
    .max(JOURNAL_CONTENT_MAX, `content must be at most ${JOURNAL_CONTENT_MAX} characters`),
  mood: z
    .string({ error: 'mood must be a string' })
    .max(200, 'mood is too long')
    .nullable()
    .optional(),
  tags: z
    .array(z.string({ error: 'each tag must be a string' }).max(200, 'a tag is too long'), {
      error: 'tags must be a list of strings',
    })
    .max(100, 'too many tags')
    .optional(),
  /** The spec's clients send their user id; the server takes the owner from the caller. */
  userId: z.string().max(200).optional(),
};

export const newJournalEntryBody = z.strictObject({
  ...entryFields,
  entryType: z
    .enum(ENTRY_TYPES, { error: `entryType must be one of ${ENTRY_TYPES.join(', ')}` })
    .optional(),
  isPrivate: z.literal(true, { error: 'journal entries are always private' }).optional(),
});
export type NewJournalEntryBody = z.infer<typeof newJournalEntryBody>;

export const journalEntryEditBody = z.strictObject(entryFields);
export type JournalEntryEditBody = z.infer<typeof journalEntryEditBody>;

export const journalDeleteBody = z.strictObject({ userId: z.string().max(200).optional() });
