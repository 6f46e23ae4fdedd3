import { z } from 'zod';

/** The spec's ten preset moods; anything else is a custom mood of at most 50 characters. */
export const PRESET_MOODS = [
  'reflective',
  'inspired',
  'peaceful',
  'conflicted',
  'happy',
  'sad',
  'contemplative',
  'grateful',
  'curious',
  'determined',
] as const;

export const CUSTOM_MOOD_MAX = 50;
export const JOURNAL_TITLE_MAX = 200;
export const JOURNAL_CONTENT_MAX = 20_000;
export const JOURNAL_TAG_MAX = 40;
export const JOURNAL_TAGS_MAX = 20;

/** The six fixed reflection prompts the collapsed journal offers. */
export const JOURNAL_PROMPTS = [
  'What moment today made you pause and think?',
  'Which of your values guided a choice you made recently?',
  'Whose perspective surprised you today, and why?',
  'What is something you changed your mind about?',
  'When did you feel most like yourself this week?',
  'What would you tell yourself a year ago about a decision you faced?',
] as const;

export const ENTRY_TYPES = ['daily_reflection', 'prompt_reflection', 'free_write'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

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

/** A journal entry as its owner (and only its owner) sees it. */
export type JournalEntryDto = {
  id: string;
  title: string | null;
  content: string;
  mood: string | null;
  tags: string[];
  entryType: EntryType;
  isPrivate: true;
  createdAt: string;
  updatedAt: string;
};

export type JournalWriteResult = { position: string | null; entry: JournalEntryDto };
