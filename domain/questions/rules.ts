import { IDEA_CATEGORIES } from '../contributions/rules';
import { invalid } from '../shared/errors';
import { addDays, type ProductDay } from '../shared/product-day';
import { textFault } from '../shared/text';
import { QUESTION_CATEGORIES, SCHEDULING_ONLY_CATEGORY } from './categories';

/** A question is read in one breath: generous, but bounded. */
export const QUESTION_MAX_CHARACTERS = 500;

/** A question saved without a category (or made from an idea without one) is filed here. */
export const GENERAL_CATEGORY = 'General';

/** What an admin may file a question under: the eight, the scheduling form's extra, General. */
export const ADMIN_QUESTION_CATEGORIES = [
  ...QUESTION_CATEGORIES,
  SCHEDULING_ONLY_CATEGORY,
  GENERAL_CATEGORY,
] as const;

/** The spec's words for a blank question; the text trimmed and normalised otherwise. */
export const acceptQuestionText = (content: string): string => {
  const text = content.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  const fault = textFault(text, { multiline: false });
  if (fault === 'nothing-visible') {
    throw invalid('content', 'Question required', 'Question content cannot be empty');
  }
  if (fault) {
    throw invalid(
      'content',
      'Invalid characters',
      'The question contains characters that cannot be shown.',
    );
  }
  if (text.length > QUESTION_MAX_CHARACTERS) {
    throw invalid(
      'content',
      'Question too long',
      `Please keep the question under ${QUESTION_MAX_CHARACTERS} characters.`,
    );
  }
  return text;
};

/** The admins' categories, and an idea's own when an idea becomes a question. */
const ACCEPTED_CATEGORIES: ReadonlySet<string> = new Set([
  ...ADMIN_QUESTION_CATEGORIES,
  ...IDEA_CATEGORIES,
]);

export const acceptQuestionCategory = (category: string): string => {
  if (!ACCEPTED_CATEGORIES.has(category)) {
    throw invalid('category', 'Unknown category', 'Please pick one of the question categories.');
  }
  return category;
};

/** Scheduling (and moving a scheduled question) looks ahead: tomorrow at the earliest. */
export const acceptScheduleDate = (date: ProductDay, today: ProductDay, field = 'scheduledFor') => {
  if (date < addDays(today, 1)) {
    throw invalid(field, 'Date too early', 'Please pick a date from tomorrow on.');
  }
  return date;
};
