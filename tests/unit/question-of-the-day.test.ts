import { describe, expect, it } from 'vitest';
import { chooseBankQuestion, type BankQuestion } from '../../domain/questions/bank';
import { questionBank } from '../../domain/questions/bank/questions';
import { QUESTION_CATEGORIES } from '../../domain/questions/categories';
import {
  questionOfTheDayDecider,
  type ActivateQuestionOfTheDay,
} from '../../domain/questions/question-of-the-day';
import { specFor } from '../support/given-when-then';

const given = specFor(questionOfTheDayDecider);
const at = new Date('2026-11-22T12:00:00Z');
const activate = (id: number, source: 'bank' | 'admin' = 'bank'): ActivateQuestionOfTheDay => ({
  type: 'ActivateQuestionOfTheDay',
  day: '2026-11-22',
  question: { id, content: `Question ${id}?`, category: 'Ethics & Morality', submissionId: null },
  source,
  at,
});
const activated = (id: number, source: 'bank' | 'admin' = 'bank') => ({
  type: 'QuestionOfTheDayActivated' as const,
  data: {
    day: '2026-11-22',
    questionId: id,
    content: `Question ${id}?`,
    category: 'Ethics & Morality',
    submissionId: null,
    source,
    at: at.toISOString(),
  },
});

describe('the question of the day', () => {
  it('is activated once per day', () => {
    given([])
      .when(activate(4))
      .then([activated(4)]);
    given([activated(4)])
      .when(activate(9))
      .thenNothing();
  });

  it('can be replaced by an admin’s choice', () => {
    given([activated(4)])
      .when({ ...activate(9, 'admin'), by: 'admin', answered: false })
      .then([
        {
          ...activated(9, 'admin'),
          data: { ...activated(9, 'admin').data, by: 'admin', replaced: 4 },
        },
      ]);
  });
});

describe('choosing from the bank', () => {
  const bank: BankQuestion[] = [1, 2, 3, 4].map((id) => ({
    id,
    content: `Q${id}`,
    category: 'Ethics & Morality',
    resources: [],
  }));

  it('is the same choice for the same day on every instance', () => {
    expect(chooseBankQuestion('2026-11-22', bank, new Set())).toEqual(
      chooseBankQuestion('2026-11-22', bank, new Set()),
    );
  });

  it('never repeats a used question while unused ones remain', () => {
    const used = new Set<number>();
    for (let d = 1; d <= 4; d++) used.add(chooseBankQuestion(`2026-12-0${d}`, bank, used).id);
    expect([...used].sort()).toEqual([1, 2, 3, 4]);
    expect(bank.map((q) => q.id)).toContain(chooseBankQuestion('2026-12-05', bank, used).id);
  });

  it('ships at least 60 distinct questions across every category, each with resources', () => {
    expect(questionBank.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questionBank.map((q) => q.id)).size).toBe(questionBank.length);
    expect(new Set(questionBank.map((q) => q.content)).size).toBe(questionBank.length);
    for (const category of QUESTION_CATEGORIES) {
      expect(questionBank.filter((q) => q.category === category).length).toBeGreaterThan(0);
    }
    for (const q of questionBank) expect(q.resources.length).toBeGreaterThan(0);
  });
});
