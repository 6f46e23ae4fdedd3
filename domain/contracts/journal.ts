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

export type { JournalEntryEditBody, NewJournalEntryBody } from './schemas/journal';

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
