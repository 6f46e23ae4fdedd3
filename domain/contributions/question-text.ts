import { hasVisibleCharacter } from '../shared/text';
import { countWords } from '../shared/words';

/**
 * The spec states two rules for a question someone proposes, and they stay two: /brainstorm
 * takes 5 to 100 words, /submit-question at least 10 characters and at most 30 words, each in
 * its own words. The forms count and check as people type; the deciders check again.
 */
export const SUGGESTION_MIN_WORDS = 5;
export const SUGGESTION_MAX_WORDS = 100;
export const SUBMISSION_MIN_CHARACTERS = 10;
export const SUBMISSION_MAX_WORDS = 30;

export type QuestionTextFault = { title: string; detail: string };

/** A rule for a proposed question: what is wrong (null when nothing), and its word counter's limit. */
export type QuestionTextRule = {
  fault: (text: string) => QuestionTextFault | null;
  maxWords: number;
  /** The rule as its form states it under the box. */
  statement: string;
};

/** /brainstorm: the spec's three messages, its 5 to 100 words. */
export const suggestionRule: QuestionTextRule = {
  maxWords: SUGGESTION_MAX_WORDS,
  statement: `A question of ${SUGGESTION_MIN_WORDS} to ${SUGGESTION_MAX_WORDS} words.`,
  fault: (text) => {
    if (!hasVisibleCharacter(text)) {
      return { title: 'Question required', detail: 'Please write a question before submitting.' };
    }
    const words = countWords(text);
    if (words < SUGGESTION_MIN_WORDS) {
      return {
        title: 'Question too short',
        detail: `Please write at least ${SUGGESTION_MIN_WORDS} words for your question.`,
      };
    }
    if (words > SUGGESTION_MAX_WORDS) {
      return {
        title: 'Question too long',
        detail: `Please keep your question under ${SUGGESTION_MAX_WORDS} words.`,
      };
    }
    return null;
  },
};

/**
 * /submit-question (and an admin's edit of a submitted question): the spec's messages, at
 * least 10 characters (of the trimmed text, as a person counts them) and at most 30 words.
 */
export const submissionRule: QuestionTextRule = {
  maxWords: SUBMISSION_MAX_WORDS,
  statement: `At least ${SUBMISSION_MIN_CHARACTERS} characters, at most ${SUBMISSION_MAX_WORDS} words.`,
  fault: (text) => {
    if (!hasVisibleCharacter(text)) {
      return { title: 'Question required', detail: 'Please enter a question' };
    }
    if ([...text.trim()].length < SUBMISSION_MIN_CHARACTERS) {
      return {
        title: 'Question too short',
        detail: `Question must be at least ${SUBMISSION_MIN_CHARACTERS} characters long`,
      };
    }
    if (countWords(text) > SUBMISSION_MAX_WORDS) {
      return {
        title: 'Question too long',
        detail: `Question must be ${SUBMISSION_MAX_WORDS} words or less`,
      };
    }
    return null;
  },
};
