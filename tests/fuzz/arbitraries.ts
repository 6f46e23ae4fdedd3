import fc from 'fast-check';

/** Half of a surrogate pair on its own: not a character, and not valid UTF-8 either. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const invisible = fc.constantFrom('\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e');

/** Keys that pollute prototypes when code merges objects carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings meant to hurt: empty, huge, controls, broken Unicode, markup, traversal, prototype names. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.oneof(loneSurrogate, control, invisible, fc.string({ minLength: 1, maxLength: 1 })),
      maxLength: 30,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      '\u200b \u200b \u200b',
      'me',
      '0',
      '-1',
      '1e309',
      '99999999999999999999999',
      'NaN',
      'null',
      'true',
      '../../../etc/passwd',
      '<script>alert(1)</script>',
      '"; DROP TABLE events; --',
      '{"$ne":null}',
      ...PROTOTYPE_KEYS,
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 40_000 }).map((n) => 'W'.repeat(n)) },
);

/** JSON values of every type, nested a little, with hostile keys and strings. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, -100, 100_000),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...PROTOTYPE_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Field names the API knows, so bodies get past "unknown field" into each field's checks. */
const KNOWN_FIELDS = [
  'content',
  'questionId',
  'responseId',
  'spectrumPosition',
  'pseudonym',
  'privacyConsent',
  'termsConsent',
  'onboarded',
  'showActivity',
  'agreementType',
  'agreementVersion',
  'email',
  'password',
  'refresh_token',
  'known_browser_token',
  'token',
  'data',
  'username',
] as const;

/** Values a real client sends, so some requests pass validation and meet the permission checks. */
const VALID_LOOKING: unknown[] = [
  'one two three four',
  'Brave Heron',
  'Zealous Zephyr',
  'privacy',
  'privacy_decline',
  'terms',
  '1.0',
  1,
  2,
  true,
  false,
  'victim@example.org',
  'long enough pw',
  'admin',
  { display_name: 'Brave Heron', confirmed: true },
];

/**
 * An object with the API's own field names (and some hostile ones) holding wrong values, or
 * right ones: `extra` adds real ids (other people's responses, replies, pairs).
 */
export const plausibleBody = (extra: readonly unknown[]) =>
  fc.dictionary(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
      fc.constantFrom(...PROTOTYPE_KEYS),
    ),
    fc.oneof(nastyJson, fc.constantFrom(...VALID_LOOKING, ...extra)),
    { maxKeys: 5 },
  );

export type RawBody = { type: string; text: string };

/** Bodies JSON.stringify cannot make: malformed, deeply nested, over the size limit. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"content":',
      'null',
      '[]',
      '"just a string"',
      '{"__proto__":{"polluted":"yes"},"content":"x"}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '\ufeff{}',
      '{"a":1,"a":2}',
    )
    .map((text) => ({ type: 'application/json', text })),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => ({
    type: 'application/json',
    text: `${'['.repeat(depth)}${']'.repeat(depth)}`,
  })),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => ({
    type: 'application/json',
    text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  })),
  fc.constant({ type: 'application/json', text: JSON.stringify({ content: 'x'.repeat(70_000) }) }),
  fc.record({
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
    ),
    text: fc.string({ maxLength: 200 }),
  }),
);

/** Header values Node will put on the wire (visible ASCII and Latin-1), hostile all the same. */
export const headerValue = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom('', ' ', 'me', '0'.repeat(22), 'ÿ'.repeat(22), '__proto__'),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => 'A'.repeat(n)) },
);
