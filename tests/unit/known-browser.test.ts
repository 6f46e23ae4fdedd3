import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  issueKnownBrowserToken,
  KNOWN_BROWSER_MAX_AGE_SECONDS,
  knownBrowserId,
} from '../../infra/auth/known-browser';

const key = randomBytes(32);
const now = 1_800_000_000;

describe('known-browser tokens', () => {
  it('are recognised for their own subject only', () => {
    const token = issueKnownBrowserToken(key, 'account:a', now);
    expect(knownBrowserId(key, 'account:a', token, now)).toBe(token.split('.')[0]);
    expect(knownBrowserId(key, 'account:b', token, now)).toBeNull();
    expect(knownBrowserId(key, 'admin:a', token, now)).toBeNull();
    expect(knownBrowserId(randomBytes(32), 'account:a', token, now)).toBeNull();
  });

  it('cannot be edited, and age out', () => {
    const token = issueKnownBrowserToken(key, 'account:a', now);
    const [nonce, issued, mac] = token.split('.');
    const later = (now + 1).toString(36);
    expect(knownBrowserId(key, 'account:a', `${nonce}.${later}.${mac}`, now)).toBeNull();
    expect(knownBrowserId(key, 'account:a', `${nonce}x.${issued}.${mac}`, now)).toBeNull();
    expect(knownBrowserId(key, 'account:a', undefined, now)).toBeNull();
    expect(knownBrowserId(key, 'account:a', `${token}.extra`, now)).toBeNull();
    const old = now + KNOWN_BROWSER_MAX_AGE_SECONDS;
    expect(knownBrowserId(key, 'account:a', token, old)).not.toBeNull();
    expect(knownBrowserId(key, 'account:a', token, old + 1)).toBeNull();
  });
});
