export const QUESTION_CATEGORIES = [
  'Community & Society',
  'Ethics & Morality',
  'Economy & Work',
  'Education & Knowledge',
  'Environment & Sustainability',
  'Health & Wellbeing',
  'Technology & Innovation',
  'Justice & Rights',
] as const;

/** Offered only by the admin scheduling form. */
export const SCHEDULING_ONLY_CATEGORY = 'Political & Governance';

export type QuestionCategory =
  (typeof QUESTION_CATEGORIES)[number] | typeof SCHEDULING_ONLY_CATEGORY;

export const DEFAULT_CATEGORY: QuestionCategory = 'Community & Society';
