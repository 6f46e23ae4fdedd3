import type { BankQuestion } from './bank';
import type { QuestionCategory } from './categories';

/** The Generate tab's focus types; auto looks at every category. */
export const FOCUS_TYPES = ['auto', 'cultural', 'philosophical', 'social', 'political'] as const;
export type FocusType = (typeof FOCUS_TYPES)[number];

const FOCUS_CATEGORIES: Record<Exclude<FocusType, 'auto'>, readonly QuestionCategory[]> = {
  cultural: ['Community & Society', 'Education & Knowledge', 'Technology & Innovation'],
  philosophical: ['Ethics & Morality', 'Justice & Rights'],
  social: ['Community & Society', 'Health & Wellbeing', 'Economy & Work'],
  political: ['Justice & Rights', 'Economy & Work', 'Environment & Sustainability'],
};

export type QuestionPreview = {
  /** The bank question's id, so the admin sets exactly what they previewed. */
  bankId: number;
  content: string;
  category: string;
  /** What in the world the question speaks to: its first reading's title and summary. */
  relevantEvent: string;
  /** Why this question, for this focus, now. */
  reasoning: string;
};

/** The bank questions a focus draws from, those not asked yet first. */
export const focusPool = (
  bank: readonly BankQuestion[],
  focus: FocusType,
  askedIds: ReadonlySet<number>,
): BankQuestion[] => {
  const inFocus =
    focus === 'auto' ? [...bank] : bank.filter((q) => FOCUS_CATEGORIES[focus].includes(q.category));
  const fresh = inFocus.filter((q) => !askedIds.has(q.id));
  return fresh.length > 0 ? fresh : inFocus;
};

/** A preview of one bank question for a focus, picked by `seed`; null when the focus has none. */
export const previewQuestion = (
  bank: readonly BankQuestion[],
  focus: FocusType,
  askedIds: ReadonlySet<number>,
  seed: number,
): QuestionPreview | null => {
  const pool = focusPool(bank, focus, askedIds);
  if (pool.length === 0) return null;
  const question = pool[Math.abs(Math.trunc(seed)) % pool.length]!;
  const reading = question.resources[0];
  const asked = askedIds.has(question.id);
  return {
    bankId: question.id,
    content: question.content,
    category: question.category,
    relevantEvent: reading ? `${reading.title}: ${reading.description}` : question.category,
    reasoning:
      `${focus === 'auto' ? 'Any focus' : `The ${focus} focus`} draws on ${question.category}; ` +
      (asked
        ? 'every question there has been asked, so this one returns.'
        : 'this question has not been asked yet.') +
      ' It is open-ended, concrete in its wording and fit for a discussion.',
  };
};
