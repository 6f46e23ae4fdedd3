import { describe, expect, it } from 'vitest';
import {
  QUESTION_MAX_WORDS,
  QUESTION_MIN_WORDS,
  QUESTION_RULE,
  questionTextFault,
} from '../../domain/contributions/question-text';
import { acceptQuestionText } from '../../domain/contributions/rules';
import { DomainError } from '../../domain/shared/errors';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('one rule for a question someone proposes (brainstorm and submit alike)', () => {
  it('states itself as the forms show it', () => {
    expect(QUESTION_RULE).toBe('A question of 5 to 30 words.');
    expect([QUESTION_MIN_WORDS, QUESTION_MAX_WORDS]).toEqual([5, 30]);
  });

  it.each([
    ['', 'Question required'],
    [' \u200b\n', 'Question required'],
    ['Is it fair?', 'Question too short'],
    [words(4), 'Question too short'],
    [words(5), null],
    ['Is it fair to lie?', null],
    [words(30), null],
    [words(31), 'Question too long'],
  ])('judges %j: %s', (text, title) => {
    expect(questionTextFault(text)?.title ?? null).toBe(title);
  });

  it('is what the server refuses with, naming the field', () => {
    for (const text of ['', 'Is it fair?', words(31)]) {
      const fault = questionTextFault(text)!;
      const refusal = (() => {
        try {
          acceptQuestionText(text);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        field: 'content',
        title: fault.title,
        message: fault.detail,
      });
    }
    expect(acceptQuestionText('  Is it fair to lie?\r\n')).toBe('Is it fair to lie?');
  });
});
