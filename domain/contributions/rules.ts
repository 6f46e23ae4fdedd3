import { invalid } from '../shared/errors';
import { textFault } from '../shared/text';
import {
  submissionRule,
  suggestionRule,
  type QuestionTextFault,
  type QuestionTextRule,
} from './question-text';

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

const refuse = ({ title, detail }: QuestionTextFault) => invalid('content', title, detail);

const acceptUnder = (rule: QuestionTextRule, content: string): string => {
  // Text with nothing visible is the rule's own first fault ("Question required" / "Please enter a question").
  const text = readable(content, 'content', () => refuse(rule.fault('')!));
  const fault = rule.fault(text);
  if (fault) throw refuse(fault);
  return text;
};

/** A question a person suggests on /brainstorm: 5 to 100 words. */
export const acceptSuggestionText = (content: string): string =>
  acceptUnder(suggestionRule, content);

/** A question a person submits on /submit-question (or an admin edits): 10 characters to 30 words. */
export const acceptSubmissionText = (content: string): string =>
  acceptUnder(submissionRule, content);

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
