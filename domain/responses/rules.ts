import { invalid } from '../shared/errors';
import { acceptFreeText } from '../shared/text';
import { countWords } from '../shared/words';

export const RESPONSE_MIN_WORDS = 3;
export const RESPONSE_MAX_WORDS = 750;

/**
 * The spec's response validation, in the spec's words, on the text as it will be stored
 * (normalised, trimmed), which it answers; throws a DomainError naming `content`.
 */
export const acceptResponseContent = (content: string): string => {
  const text = acceptFreeText(content, 'content', 'response');
  const words = countWords(text);
  if (words < RESPONSE_MIN_WORDS) {
    throw invalid('content', 'Response too short', 'Your response must be at least 3 words.');
  }
  if (words > RESPONSE_MAX_WORDS) {
    throw invalid('content', 'Word limit exceeded', 'Your response exceeds the 750 word limit.');
  }
  return text;
};
