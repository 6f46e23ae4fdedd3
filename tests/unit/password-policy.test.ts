import { describe, expect, it } from 'vitest';
import { weakPasswordReasons } from '../../domain/accounts/password-policy';

describe('weak password reasons', () => {
  it('accepts an ordinary passphrase', () => {
    expect(weakPasswordReasons('long enough pw', 'ada@example.org')).toEqual([]);
  });

  it('names each reason', () => {
    expect(weakPasswordReasons('Password123', 'x@example.org')).toEqual([
      'it is one of the most common passwords',
    ]);
    expect(weakPasswordReasons('aaaaaaaaab', 'x@example.org')).toEqual([
      'it repeats too few different characters',
    ]);
    expect(weakPasswordReasons('lovelace-1815', 'lovelace@example.org')).toEqual([
      'it contains your email name',
    ]);
  });
});
