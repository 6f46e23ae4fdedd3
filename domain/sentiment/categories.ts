import { IDEA_CATEGORIES } from '../contributions/rules';
import { ADMIN_QUESTION_CATEGORIES } from '../questions/rules';

/** Every category a question can be filed under: what an analyst may filter the figures by. */
export const SENTIMENT_CATEGORIES: readonly string[] = [
  ...new Set<string>([...ADMIN_QUESTION_CATEGORIES, ...IDEA_CATEGORIES]),
];

/** Why a category cannot be asked for (it names none a question may have), or null. */
export const unknownCategory = (category: string): string | null =>
  SENTIMENT_CATEGORIES.includes(category)
    ? null
    : `unknown category "${category}": one of ${SENTIMENT_CATEGORIES.map((c) => `"${c}"`).join(', ')}`;
