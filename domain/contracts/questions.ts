export type QuestionStatus = 'active' | 'archived' | 'scheduled' | 'draft';

export type QuestionDto = {
  id: number;
  content: string;
  category: string;
  /** The product day it was (or is) the question of the day, YYYY-MM-DD. */
  dateAdded: string;
  status: QuestionStatus;
  scheduledFor: string | null;
  submissionId: string | null;
};

/** How many answers others see on an asked question: a count only, never who or what. */
export type AnswerCountDto = { questionId: number; count: number };

export type ResourceDto = { id: string; title: string; description: string; link: string };
