import { invalid } from '../shared/errors';
import { acceptFreeText } from '../shared/text';
import { countWords } from '../shared/words';

export const REPLY_MAX_WORDS = 300;

/** The reply as it will be stored (normalised, trimmed); throws a DomainError naming `content`. */
export const acceptReplyContent = (content: string): string => {
  const text = acceptFreeText(content, 'content', 'reply');
  if (countWords(text) > REPLY_MAX_WORDS) {
    throw invalid('content', 'Word limit exceeded', 'Your reply exceeds the 300 word limit.');
  }
  return text;
};

/**
 * A reply starts with an @-mention of the response's author (or Anonymous) unless it already
 * has one, or the author is replying to their own response (no one mentions themselves).
 */
export const withMention = (content: string, responseAuthor: string, replier?: string): string => {
  const name = responseAuthor.trim() || 'Anonymous';
  const text = content.trim();
  if (replier !== undefined && replier.trim() === responseAuthor.trim() && name !== 'Anonymous') {
    return text;
  }
  return text.includes(`@${name}`) ? text : `@${name} ${text}`;
};
