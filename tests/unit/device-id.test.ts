import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_ID_PATTERN } from '../../domain/contracts/identity';
import { hasEntropy } from '../../domain/identity/device-id';

/** How ids are made: the UI's (a time, then 128 random bits), the tests', UUIDs, hex. */
const makers: Record<string, () => string> = {
  ui: () => `${Date.now().toString(36)}-${randomBytes(16).toString('base64url')}`,
  'base64url, 128 bits': () => randomBytes(16).toString('base64url'),
  uuid: () => randomUUID(),
  'hex, 128 bits': () => randomBytes(16).toString('hex'),
  'base64url, 768 bits': () => randomBytes(96).toString('base64url'),
};

describe('device ids of no entropy', () => {
  it.each(Object.entries(makers))('accepts random ids as %s makes them', (_name, make) => {
    for (let i = 0; i < 5_000; i++) {
      const id = make();
      expect(DEVICE_ID_PATTERN.test(id) && hasEntropy(id), id).toBe(true);
    }
  });

  it.each([
    ['a word repeated', '__proto__'.repeat(14)],
    ['a word repeated, then a tail', `${'__proto__'.repeat(4)}xyz`],
    ['one character', 'a'.repeat(128)],
    ['one character, then another', `${'a'.repeat(31)}b`],
    ['two characters', '01'.repeat(16)],
    ['a random block twice', 'AbCdEfGhIjKlMnOpQrStUvWx'.repeat(2)],
    ['a hex word repeated', 'deadbeef'.repeat(4)],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz'],
    ['every other letter', 'acegikmoqsuwy02468-AAAA'],
    ['few characters', 'abcabdabeabcabdabeabcabdabe'.replace(/e/g, 'c')],
  ])('refuses %s', (_name, id) => {
    expect(DEVICE_ID_PATTERN.test(id), id).toBe(true);
    expect(hasEntropy(id), id).toBe(false);
  });
});
