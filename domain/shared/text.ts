import { invalid } from './errors';

/**
 * What counts as text a person can see. Free text (responses, replies) is normalised (NFC,
 * one kind of line break) and refused when it holds control characters, lone surrogates or
 * nothing visible at all. Pure: the browser's counter and the server use the same rules.
 */

/**
 * Code points nobody sees: spaces, controls, format characters (zero-width space, joiners,
 * BOM, bidi marks), default-ignorables (variation selectors, Hangul fillers), surrogates,
 * marks with nothing to sit on, and the blank braille pattern. Unassigned code points count
 * as visible (a box), so engines on different Unicode versions count the same words.
 */
const INVISIBLE =
  /^[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{M}\u2800]$/u;

const isVisibleCharacter = (codePoint: string): boolean => !INVISIBLE.test(codePoint);

export const hasVisibleCharacter = (text: string): boolean => [...text].some(isVisibleCharacter);

/** NFC, and \r\n or a lone \r becomes \n, so the same words are stored the same way. */
export const normalizeText = (text: string): string =>
  text.normalize('NFC').replace(/\r\n?/g, '\n');

export type TextFault = 'control-character' | 'lone-surrogate' | 'nothing-visible';

const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 controls and DEL; line breaks and tabs are allowed where text has lines. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\n\t\r])\p{Cc}/u;

/** What is wrong with a piece of free text, or null when nothing is. */
export const textFault = (text: string, options: { multiline: boolean }): TextFault | null => {
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate';
  if ((options.multiline ? CONTROL_BUT_LINES : CONTROL).test(text)) return 'control-character';
  if (!hasVisibleCharacter(text)) return 'nothing-visible';
  return null;
};

const textFaultMessage: Record<TextFault, string> = {
  'control-character': 'contains control characters',
  'lone-surrogate': 'contains an unpaired surrogate (broken Unicode)',
  'nothing-visible': 'has no visible character',
};

/** In one line of text a line break or a tab is a control character like any other. */
const lineFaultMessage: Record<TextFault, string> = {
  ...textFaultMessage,
  'control-character': 'contains a line break, a tab or another control character',
};

/**
 * One line of free text (a title): normalised and trimmed, with what is wrong with it, if
 * anything, and how to say so after the field's name ("title contains a line break...").
 * The same rule as `acceptFreeText`, without lines.
 */
export const readLineOfText = (
  text: string,
): { text: string; fault: TextFault | null; problem: string | null } => {
  const normalized = normalizeText(text).trim();
  const fault = textFault(normalized, { multiline: false });
  return { text: normalized, fault, problem: fault ? lineFaultMessage[fault] : null };
};

/**
 * Free text as it will be stored (normalised, trimmed), or a DomainError naming the field:
 * nothing visible reads as empty (the spec's words); anything else unreadable is refused.
 */
export const acceptFreeText = (text: string, field: string, noun: string): string => {
  const normalized = normalizeText(text).trim();
  const fault = textFault(normalized, { multiline: true });
  if (fault === 'nothing-visible') {
    throw invalid(field, `Empty ${noun}`, 'Please write something before submitting.');
  }
  if (fault) throw invalid(field, 'Invalid characters', `Your ${noun} ${textFaultMessage[fault]}.`);
  return normalized;
};
