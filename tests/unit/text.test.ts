import { describe, expect, it } from 'vitest';
import { acceptReplyContent } from '../../domain/replies/rules';
import { acceptResponseContent } from '../../domain/responses/rules';
import { DomainError } from '../../domain/shared/errors';
import {
  hasVisibleCharacter,
  normalizeText,
  readLineOfText,
  textFault,
} from '../../domain/shared/text';
import { countWords } from '../../domain/shared/words';

const ZWSP = '\u200b';
const refusal = (accept: () => unknown) => {
  try {
    accept();
  } catch (error) {
    if (error instanceof DomainError) return { title: error.title, field: error.field };
    throw error;
  }
  return null;
};

describe('words are counted by what can be seen', () => {
  it.each([
    ['one two three', 3],
    ['  spaced\n\tout  words ', 3],
    [`${ZWSP} ${ZWSP} ${ZWSP}`, 0],
    [`a${ZWSP}b${ZWSP}c`, 1],
    ['\u200d \ufeff \u2060 \u00ad \u3164 \ufe0f \u2800', 0],
    ['\u0301 \u202e \u200e', 0],
    ['👨‍👩‍👧 🎉 ok', 3],
    ['日本語 العربية हिन्दी', 3],
    ['', 0],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('free text', () => {
  it('is stored in NFC with one kind of line break', () => {
    expect(normalizeText('cafe\u0301\r\nnext\rlast')).toBe('café\nnext\nlast');
    expect(acceptResponseContent('  cafe\u0301 is open  ')).toBe('café is open');
  });

  it('keeps line breaks and tabs in text that has lines', () => {
    expect(textFault('one\ntwo\tthree\r\n', { multiline: true })).toBeNull();
    expect(textFault('one\ntwo', { multiline: false })).toBe('control-character');
  });

  it.each([
    ['a NUL', 'one two \u0000 three', 'control-character'],
    ['an escape sequence', 'one \u001b[31mtwo three', 'control-character'],
    ['DEL', 'one two three\u007f', 'control-character'],
    ['a C1 control', 'one two \u0085three', 'control-character'],
    ['a lone high surrogate', 'one two \ud83d three', 'lone-surrogate'],
    ['a lone low surrogate', 'one two \ude00', 'lone-surrogate'],
    ['only zero-width spaces', `${ZWSP}${ZWSP}${ZWSP}`, 'nothing-visible'],
  ])('with %s is refused', (_name, text, fault) => {
    expect(textFault(text, { multiline: true })).toBe(fault);
  });

  it('is refused naming the field: nothing visible reads as empty', () => {
    expect(refusal(() => acceptReplyContent(`${ZWSP} ${ZWSP}`))).toEqual({
      title: 'Empty reply',
      field: 'content',
    });
    expect(refusal(() => acceptReplyContent('\u0000'))).toEqual({
      title: 'Invalid characters',
      field: 'content',
    });
    expect(refusal(() => acceptResponseContent(`${ZWSP} ${ZWSP} ${ZWSP}`))).toEqual({
      title: 'Empty response',
      field: 'content',
    });
    expect(refusal(() => acceptResponseContent(`two words ${ZWSP}`))).toEqual({
      title: 'Response too short',
      field: 'content',
    });
    expect(refusal(() => acceptReplyContent('\ud800 hi'))).toEqual({
      title: 'Invalid characters',
      field: 'content',
    });
  });

  it('sees visible characters of every script, and emoji', () => {
    for (const text of ['x', 'é', '中', '🙂', '·']) expect(hasVisibleCharacter(text)).toBe(true);
  });
});

describe('one line of free text (a title)', () => {
  it('is normalised and trimmed like any free text', () => {
    expect(readLineOfText('  cafe\u0301 at noon ')).toEqual({
      text: 'café at noon',
      fault: null,
      problem: null,
    });
  });

  it.each([
    ['CR LF', 'one\r\ntwo'],
    ['a lone CR', 'one\rtwo'],
    ['LF', 'one\ntwo'],
    ['a tab', 'one\ttwo'],
    ['a bell', 'one\u0007two'],
    ['a C1 control', 'one\u0085two'],
  ])('refuses %s inside it', (_, text) => {
    expect(readLineOfText(text)).toMatchObject({
      fault: 'control-character',
      problem: 'contains a line break, a tab or another control character',
    });
  });

  it('says when nothing in it can be seen', () => {
    expect(readLineOfText(' \u200b ').fault).toBe('nothing-visible');
  });
});
