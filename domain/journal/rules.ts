import {
  CUSTOM_MOOD_MAX,
  JOURNAL_TAG_MAX,
  JOURNAL_TAGS_MAX,
  JOURNAL_TITLE_MAX,
  PRESET_MOODS,
} from '../contracts/journal';
import { invalid } from '../shared/errors';
import { acceptFreeText, normalizeText, textFault } from '../shared/text';

/** One line of text (a title, a mood, a tag): trimmed, or null when nothing is left. */
const line = (value: string | null | undefined, field: string, max: number): string | null => {
  if (value === null || value === undefined) return null;
  const text = normalizeText(value).trim();
  if (text === '') return null;
  const fault = textFault(text, { multiline: false });
  if (fault === 'nothing-visible') return null;
  if (fault)
    throw invalid(field, 'Invalid characters', `The ${field} has characters that cannot be shown.`);
  if ([...text].length > max) {
    throw invalid(
      field,
      `${field[0]!.toUpperCase()}${field.slice(1)} too long`,
      `The ${field} can be at most ${max} characters.`,
    );
  }
  return text;
};

export const acceptTitle = (title: string | null | undefined) =>
  line(title, 'title', JOURNAL_TITLE_MAX);

/** The spec's rule: content must not be empty once trimmed. */
export const acceptJournalContent = (content: string) =>
  acceptFreeText(content, 'content', 'entry');

/** A preset mood as written, or a custom one of at most 50 characters. */
export const acceptMood = (mood: string | null | undefined): string | null => {
  const text = line(mood, 'mood', CUSTOM_MOOD_MAX);
  if (text === null) return null;
  const preset = PRESET_MOODS.find((m) => m === text.toLowerCase());
  return preset ?? text;
};

/** Tags as the spec adds them: trimmed, non-empty, each once. */
export const acceptTags = (tags: readonly string[] | undefined): string[] => {
  const accepted: string[] = [];
  for (const tag of tags ?? []) {
    const text = line(tag, 'tags', JOURNAL_TAG_MAX);
    if (text !== null && !accepted.includes(text)) accepted.push(text);
  }
  if (accepted.length > JOURNAL_TAGS_MAX) {
    throw invalid('tags', 'Too many tags', `An entry can have at most ${JOURNAL_TAGS_MAX} tags.`);
  }
  return accepted;
};
