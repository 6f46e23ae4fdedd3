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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name's words as a pattern: any case, any spacing between them ("@calm owl", "@CalmOwl"). */
const namePattern = (name: string) => name.trim().split(/\s+/).map(escapeRegExp).join('\\s*');

/** Not followed by more of a name: "@Calm Owl" is not "@Calm Owl 42", nor "@Calm Owlet". */
const END_OF_NAME = '(?![\\p{L}\\p{N}]|\\s\\d)';

/**
 * Whether a reply already addresses `name`: an @-mention of it however typed (any case, with
 * or without the space), or the name itself opening the reply as a salutation ("Calm Owl, …").
 */
export const addresses = (text: string, name: string): boolean => {
  const pattern = namePattern(name);
  return (
    new RegExp(`@\\s?${pattern}${END_OF_NAME}`, 'iu').test(text) ||
    new RegExp(`^${pattern}\\s*[,:\u2013\u2014]`, 'iu').test(text.trim())
  );
};

/**
 * A reply starts with an @-mention of the response's author (or Anonymous) unless it already
 * addresses them, or the author is replying to their own response (no one mentions themselves).
 */
export const withMention = (content: string, responseAuthor: string, replier?: string): string => {
  const name = responseAuthor.trim() || 'Anonymous';
  const text = content.trim();
  if (replier !== undefined && replier.trim() === responseAuthor.trim() && name !== 'Anonymous') {
    return text;
  }
  return addresses(text, name) ? text : `@${name} ${text}`;
};

/**
 * A reply as it is shown: a mention the server once added in front of one the person typed
 * ("@Calm Owl @calm owl thanks", kept so in the log) reads once, as the person wrote it.
 */
export const mentionedOnce = (text: string): string => {
  const lead = /^@(Anonymous|\p{Lu}\p{L}* \p{Lu}\p{L}*(?: \d{1,4})?) +/u.exec(text);
  if (!lead) return text;
  const rest = text.slice(lead[0].length);
  return addresses(rest, lead[1]!) ? rest : text;
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

/**
 * The reply with every @-mention of `name` made anonymous, and nothing else changed: the
 * author's own words stay as they wrote them. "@Calm Owl" is not "@Calm Owl 42".
 */
export const withoutMention = (text: string, name: string): string =>
  text.replace(
    new RegExp(`@${escapeRegExp(name)}(?![\\p{L}\\p{N}]| \\d)`, 'gu'),
    `@${ERASED_MENTION}`,
  );
