import { hasVisibleCharacter } from './text';

/**
 * Words are what splitting the text on whitespace gives (the spec's rule), counting only
 * pieces with something visible in them: zero-width spaces, joiners or a BOM make no word,
 * and do not split one either.
 */
export const countWords = (text: string): number =>
  text.split(/\s+/).filter(hasVisibleCharacter).length;
