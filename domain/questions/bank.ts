import type { ProductDay } from '../shared/product-day';
import type { QuestionCategory } from './categories';

export type Resource = { id: string; title: string; description: string; link: string };

export type BankQuestion = {
  /** Stable numeric id; bank ids stay below 10 000, admin-made questions start above. */
  id: number;
  content: string;
  category: QuestionCategory;
  resources: Resource[];
};

/** FNV-1a: a small, stable hash so every instance picks the same question for a day. */
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

/**
 * The bank question for a day: chosen deterministically by the day among the
 * questions not used yet; once all are used, among all of them.
 */
export const chooseBankQuestion = (
  day: ProductDay,
  bank: readonly BankQuestion[],
  usedIds: ReadonlySet<number>,
): BankQuestion => {
  if (bank.length === 0) throw new Error('The question bank is empty');
  const unused = bank.filter((q) => !usedIds.has(q.id));
  const pool = unused.length > 0 ? unused : bank;
  return pool[hash(day) % pool.length]!;
};
