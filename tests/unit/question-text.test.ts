import { describe, expect, it } from 'vitest';
import {
  submissionRule,
  suggestionRule,
  type QuestionTextRule,
} from '../../domain/contributions/question-text';
import { acceptSubmissionText, acceptSuggestionText } from '../../domain/contributions/rules';
import { DomainError } from '../../domain/shared/errors';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const refusalOf = (accept: (text: string) => string, text: string) => {
  try {
    accept(text);
  } catch (error) {
    return error;
  }
  return null;
};

const refusesInItsOwnWords = (
  rule: QuestionTextRule,
  accept: (text: string) => string,
  faulty: string[],
) => {
  for (const text of faulty) {
    const fault = rule.fault(text)!;
    const refusal = refusalOf(accept, text);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ field: 'content', title: fault.title, message: fault.detail });
  }
};

describe("the brainstorm's rule: 5 to 100 words, in the spec's three messages", () => {
  it.each([
    ['', 'Please write a question before submitting.'],
    [' \u200b\n', 'Please write a question before submitting.'],
    ['Is it fair?', 'Please write at least 5 words for your question.'],
    [words(4), 'Please write at least 5 words for your question.'],
    [words(5), null],
    [words(39), null],
    [words(100), null],
    [words(101), 'Please keep your question under 100 words.'],
  ])('judges %j: %s', (text, detail) => {
    expect(suggestionRule.fault(text)?.detail ?? null).toBe(detail);
  });

  it('titles its faults as the spec does', () => {
    expect(['', 'Is it?', words(101)].map((t) => suggestionRule.fault(t)!.title)).toEqual([
      'Question required',
      'Question too short',
      'Question too long',
    ]);
    expect([suggestionRule.maxWords, suggestionRule.statement]).toEqual([
      100,
      'A question of 5 to 100 words.',
    ]);
  });

  it('is what the server refuses a suggestion with, naming the field', () => {
    refusesInItsOwnWords(suggestionRule, acceptSuggestionText, ['', 'Is it fair?', words(101)]);
    expect(acceptSuggestionText('  Is it fair to lie?\r\n')).toBe('Is it fair to lie?');
  });
});

describe("the submission's rule: at least 10 characters, at most 30 words", () => {
  it.each([
    ['', 'Please enter a question'],
    ['   ', 'Please enter a question'],
    ['Fair lie?', 'Question must be at least 10 characters long'],
    ['  Why not? ', 'Question must be at least 10 characters long'],
    ['Is lying okay now?', null],
    ['Fair lies?', null],
    [words(30), null],
    [words(31), 'Question must be 30 words or less'],
  ])('judges %j: %s', (text, detail) => {
    expect(submissionRule.fault(text)?.detail ?? null).toBe(detail);
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(submissionRule.fault('Fair? 🙂🙂🙂🙂')).toBeNull();
    expect(submissionRule.fault('Fair? 🙂🙂🙂')?.title).toBe('Question too short');
  });

  it('is what the server refuses a submission with, naming the field', () => {
    refusesInItsOwnWords(submissionRule, acceptSubmissionText, ['', 'Why not?', words(31)]);
    expect(acceptSubmissionText(' Is lying okay now?\n')).toBe('Is lying okay now?');
  });
});
