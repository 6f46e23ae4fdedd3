import { invalid } from '../shared/errors';
import { textFault } from '../shared/text';
import { countWords } from '../shared/words';

export const SUGGESTION_MIN_WORDS = 5;
export const SUGGESTION_MAX_WORDS = 100;
export const SUBMISSION_MIN_CHARACTERS = 10;
export const SUBMISSION_MAX_WORDS = 30;
/** Admin notes and the board's own ideas: generous, but bounded. */
export const NOTES_MAX_CHARACTERS = 1000;
export const IDEA_MAX_CHARACTERS = 2000;

/** The brainstorm's ten categories (optional on a suggestion). */
export const SUGGESTION_CATEGORIES = [
  'Ethics & Morality',
  'Social Justice',
  'Technology & Society',
  'Environment & Sustainability',
  'Economics & Inequality',
  'Politics & Governance',
  'Culture & Identity',
  'Education & Knowledge',
  'Health & Wellbeing',
  'Future & Innovation',
] as const;

/** What the admin board offers when an admin adds an idea. */
export const BOARD_CATEGORIES = ['cultural', 'philosophical', 'social justice'] as const;

export const IDEA_CATEGORIES = [...SUGGESTION_CATEGORIES, ...BOARD_CATEGORIES] as const;
export type IdeaCategory = (typeof IDEA_CATEGORIES)[number];

/** A question made from an idea without a category is filed under this. */
export const IDEA_QUESTION_CATEGORY = 'General';

export type SuggestionStatus = 'pending' | 'approved' | 'rejected';
export type SubmissionStatus = 'pending' | 'approved' | 'rejected' | 'used';

/** The trimmed, normalised text; a DomainError naming `field` for what no one can read. */
const readable = (text: string, field: string, empty: () => Error): string => {
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  const fault = textFault(normalized, { multiline: true });
  if (fault === 'nothing-visible') throw empty();
  if (fault)
    throw invalid(
      field,
      'Invalid characters',
      'The text contains characters that cannot be shown.',
    );
  return normalized;
};

/** The brainstorm's rules, in the spec's words: 5 to 100 words. */
export const acceptSuggestionText = (content: string): string => {
  const text = readable(content, 'content', () =>
    invalid('content', 'Question required', 'Please write a question before submitting.'),
  );
  const words = countWords(text);
  if (words < SUGGESTION_MIN_WORDS) {
    throw invalid(
      'content',
      'Question too short',
      'Please write at least 5 words for your question.',
    );
  }
  if (words > SUGGESTION_MAX_WORDS) {
    throw invalid('content', 'Question too long', 'Please keep your question under 100 words.');
  }
  return text;
};

/** Submit a question's rules, in the spec's words: 10 characters or more, 30 words or fewer. */
export const acceptSubmissionText = (content: string): string => {
  const text = readable(content, 'content', () =>
    invalid('content', 'Submission failed', 'Please enter a question'),
  );
  if ([...text].length < SUBMISSION_MIN_CHARACTERS) {
    throw invalid('content', 'Submission failed', 'Question must be at least 10 characters long');
  }
  if (countWords(text) > SUBMISSION_MAX_WORDS) {
    throw invalid('content', 'Submission failed', 'Question must be 30 words or less');
  }
  return text;
};

/** An idea an admin writes on the board: anything not blank. */
export const acceptIdeaText = (content: string): string => {
  const text = readable(content, 'content', () =>
    invalid('content', 'Idea required', 'Please enter an idea before submitting.'),
  );
  if ([...text].length > IDEA_MAX_CHARACTERS) {
    throw invalid(
      'content',
      'Idea too long',
      `Please keep an idea under ${IDEA_MAX_CHARACTERS} characters.`,
    );
  }
  return text;
};

/** Notes are optional: blank means none. */
export const acceptNotes = (notes: string | null | undefined, field: string): string | null => {
  if (notes === null || notes === undefined) return null;
  const normalized = notes.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return null;
  if (textFault(normalized, { multiline: true })) {
    throw invalid(
      field,
      'Invalid characters',
      'The notes contain characters that cannot be shown.',
    );
  }
  if ([...normalized].length > NOTES_MAX_CHARACTERS) {
    throw invalid(
      field,
      'Notes too long',
      `Please keep notes under ${NOTES_MAX_CHARACTERS} characters.`,
    );
  }
  return normalized;
};
