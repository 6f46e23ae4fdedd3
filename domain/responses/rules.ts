import { invalid } from '../shared/errors';
import { countWords } from '../shared/words';

export const RESPONSE_MIN_WORDS = 3;
export const RESPONSE_MAX_WORDS = 750;

/** The spec's response validation, in the spec's words; throws a DomainError naming `content`. */
export const assertValidResponseContent = (content: string): void => {
  if (content.trim() === '') {
    throw invalid('content', 'Empty response', 'Please write something before submitting.');
  }
  const words = countWords(content);
  if (words < RESPONSE_MIN_WORDS) {
    throw invalid('content', 'Response too short', 'Your response must be at least 3 words.');
  }
  if (words > RESPONSE_MAX_WORDS) {
    throw invalid('content', 'Word limit exceeded', 'Your response exceeds the 750 word limit.');
  }
};
