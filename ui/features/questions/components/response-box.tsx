import { RESPONSE_MAX_WORDS, RESPONSE_MIN_WORDS } from '../../../../domain/responses/rules';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { countWords } from '../../../../domain/shared/words';

/** The answer box's look, the same before and after the form's code arrives (./response-composer). */
export const responseBoxProps = (content: string) => {
  const words = countWords(content);
  return {
    label: 'Your response',
    rows: 7,
    placeholder: 'Share your perspective…',
    className: 'font-serif text-reading',
    status: (
      <>
        <span className={words > RESPONSE_MAX_WORDS ? 'font-medium text-danger-ink' : ''}>
          {words}/{RESPONSE_MAX_WORDS} words
        </span>
        <span>(minimum {RESPONSE_MIN_WORDS} words)</span>
      </>
    ),
  };
};

/** The spec's disabled Share: at 1 or 2 words, and above the limit (empty says why on Share). */
export const cannotShare = (content: string) => {
  const words = countWords(content);
  return (words > 0 && words < RESPONSE_MIN_WORDS) || words > RESPONSE_MAX_WORDS;
};

/**
 * What to fix, in the spec's words: said as the person writes (too short, too long), and on
 * Share when there is nothing to share.
 */
export const responseFault = (content: string): string | null => {
  if (!hasVisibleCharacter(content)) return 'Please write something before submitting.';
  const words = countWords(content);
  if (words < RESPONSE_MIN_WORDS) return 'Please write at least 3 words';
  if (words > RESPONSE_MAX_WORDS) return 'Response exceeds 750 word limit';
  return null;
};
