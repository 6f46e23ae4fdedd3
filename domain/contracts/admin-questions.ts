import type { QuestionStatus } from './questions';

export { FOCUS_TYPES, type FocusType } from '../questions/focus';
export { ADMIN_QUESTION_CATEGORIES, GENERAL_CATEGORY } from '../questions/rules';

export type QuestionPreviewDto = {
  question: {
    bankId: number;
    content: string;
    category: string;
    relevantEvent: string;
    reasoning: string;
  } | null;
};

/** A question as the admin table shows it. */
export type AdminQuestionDto = {
  id: number;
  content: string;
  category: string;
  dateAdded: string;
  status: QuestionStatus;
  scheduledFor: string | null;
  submissionId: string | null;
};

/** What a question command answers: the question and where to read it back. */
export type QuestionSetDto = { id: number; position: string | null };
