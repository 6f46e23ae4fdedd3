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

/** What an erased person's @-mentions read as: the spec's word for someone with no name. */
export const ERASED_MENTION = 'Anonymous';

/**
 * The names a reply @-mentions, as pseudonyms are made ("Calm Owl", "Calm Owl 42"): a mention
 * followed by a number counts both ways, since "@Calm Owl 42 people agree" may mean either.
 */
export const mentionedNames = (text: string): string[] => {
  const names = new Set<string>();
  for (const match of text.matchAll(
    /@(\p{Lu}\p{L}* \p{Lu}\p{L}*)(?: (\d{1,4}))?(?![\p{L}\p{N}])/gu,
  )) {
    names.add(match[1]!);
    if (match[2]) names.add(`${match[1]!} ${match[2]}`);
  }
  return [...names];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The reply with every @-mention of `name` made anonymous, and nothing else changed: the
 * author's own words stay as they wrote them. "@Calm Owl" is not "@Calm Owl 42".
 */
export const withoutMention = (text: string, name: string): string =>
  text.replace(
    new RegExp(`@${escapeRegExp(name)}(?![\\p{L}\\p{N}]| \\d)`, 'gu'),
    `@${ERASED_MENTION}`,
  );
