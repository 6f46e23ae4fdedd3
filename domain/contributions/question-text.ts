import { hasVisibleCharacter } from '../shared/text';
import { countWords } from '../shared/words';

/**
 * One rule for a question someone proposes to the community, on /brainstorm and on
 * /submit-question alike (and when an admin edits a submitted one): 5 to 30 words. Five words
 * are the least that set out a situation ("Is it fair?" does not); thirty keep a question
 * readable at the top of a phone's screen, where Boon's own questions run 11 to 24 words. Both
 * forms show the rule and check it as people type; the deciders check it again.
 */
export const QUESTION_MIN_WORDS = 5;
export const QUESTION_MAX_WORDS = 30;

/** The rule as both forms state it. */
export const QUESTION_RULE = `A question of ${QUESTION_MIN_WORDS} to ${QUESTION_MAX_WORDS} words.`;

export type QuestionTextFault = { title: string; detail: string };

/** What is wrong with a proposed question, in the words the forms and the server use; null when nothing is. */
export const questionTextFault = (text: string): QuestionTextFault | null => {
  if (!hasVisibleCharacter(text)) {
    return { title: 'Question required', detail: 'Please write a question before submitting.' };
  }
  const words = countWords(text);
  if (words < QUESTION_MIN_WORDS) {
    return {
      title: 'Question too short',
      detail: `Please write at least ${QUESTION_MIN_WORDS} words for your question.`,
    };
  }
  if (words > QUESTION_MAX_WORDS) {
    return {
      title: 'Question too long',
      detail: `Please keep your question to ${QUESTION_MAX_WORDS} words or fewer.`,
    };
  }
  return null;
};
