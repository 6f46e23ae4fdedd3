import { describe, expect, it } from 'vitest';
import { wordsAsRead } from '../../domain/analysis/civility';
import { normalizeForScreening } from '../../domain/analysis/normalize';

describe('the characters as the civility check reads them', () => {
  it.each([
    ['full-width letters (NFKC)', '\uff59\uff4f\uff55 \uff41\uff52\uff45', 'you are'],
    [
      'mathematical letters (NFKC)',
      '\ud835\udc22\ud835\udc1d\ud835\udc22\ud835\udc28\ud835\udc2d',
      'idiot',
    ],
    ['a zero-width space between letters', 'id\u200biot', 'idiot'],
    ['zero-width joiners and non-joiners', 'm\u200do\u200cr\u200do\u200cn', 'moron'],
    ['soft hyphens and word joiners', 'lo\u00adser\u2060s', 'losers'],
    ['a byte-order mark and bidi controls', '\ufeffsl\u202eut\u202c', 'slut'],
    ['combining accents on every letter', 'i\u0301d\u0301i\u0301o\u0301t', 'idiot'],
    ['an overlay stroke on every letter', 'm\u0336o\u0336r\u0336o\u0336n\u0336', 'moron'],
    ['Cyrillic look-alikes inside a Latin word', 'm\u043er\u043en', 'moron'],
    ['a word of Cyrillic look-alikes only', '\u0430 \u0441\u043e\u0440', 'a cop'],
    ['Greek look-alikes', '\u03bf\u03bd\u03b5\u03b7', 'oven'],
    ['upper-case look-alikes', '\u0423\u041e\u0423', 'yoy'],
    ['accented letters', 'cr\u00e8me br\u00fbl\u00e9e', 'creme brulee'],
  ])('folds %s', (_, written, read) => {
    expect(normalizeForScreening(written)).toBe(read);
  });

  it('leaves words of other scripts as they are, and ASCII untouched', () => {
    expect(normalizeForScreening('\u0421\u043f\u0430\u0441\u0438\u0431\u043e')).toBe(
      '\u0441\u043f\u0430\u0441\u0438\u0431\u043e',
    );
    expect(normalizeForScreening('\u0395\u03bb\u03bb\u03ac\u03b4\u03b1')).toBe(
      '\u03b5\u03bb\u03bb\u03b1\u03b4\u03b1',
    );
    const ascii = 'You ARE right, 100%: f.u.n.';
    expect(normalizeForScreening(ascii)).toBe(ascii);
  });

  it('is deterministic and idempotent', () => {
    const text = 'Y\u043eu \u0430re \u0430n id\u200biot \uff01';
    const once = normalizeForScreening(text);
    expect(normalizeForScreening(text)).toBe(once);
    expect(normalizeForScreening(once)).toBe(once);
  });
});

describe('the words as the civility check reads them', () => {
  it.each([
    ['digits for letters', 'Y0u 4r3 4n 1d10t', ['you', 'are', 'an', 'idiot']],
    ['a digit for the word a', 'u r 4 m0r0n', ['ur', 'a', 'moron']],
    ['symbols for letters', 'a$$h0le', ['asshole']],
    ['stretched letters', 'stuuuupiiid fooool', ['stupid', 'fool']],
    ['dots between letters', 'm.o.r.o.n', ['moron']],
    ['spaces between letters', 'y o u  a r e  a  l o s e r', ['you', 'are', 'a', 'loser']],
    ['dashes between letters', 'l-o-s-e-r-s', ['losers']],
    ['a threat spelled out', 'k i l l  y o u r s e l f', ['kill', 'yourself']],
    ['a threat in leetspeak', 'd1e 1n 4 f1r3', ['die', 'in', 'a', 'fire']],
    [
      'disguises of both kinds at once',
      '\uff59\u043eu \u0430r\u0435 \u0430 i\u200bd\u200b1\u200bo\u200bt',
      ['you', 'are', 'a', 'idiot'],
    ],
  ])('reads %s', (_, written, words) => {
    expect(wordsAsRead(written)).toEqual(words);
  });

  it('keeps ordinary words whole: no insult read inside another word', () => {
    expect(wordsAsRead('Scunthorpe assassin cocktail class assess')).toEqual([
      'scunthorpe',
      'assassin',
      'cocktail',
      'class',
      'assess',
    ]);
    expect(wordsAsRead('c l a s s')).toEqual(['class']);
  });
});
