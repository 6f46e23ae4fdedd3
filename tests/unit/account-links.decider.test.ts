import { describe, expect, it } from 'vitest';
import { accountDecider } from '../../domain/accounts/account';
import type { AccountEvent } from '../../domain/accounts/events';
import {
  assertOpenLink,
  OPEN_LINKS_KEPT,
  RESET_LINK_TTL_MS,
  VERIFICATION_LINK_TTL_MS,
} from '../../domain/accounts/one-time-links';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { upcast } from '../../domain/event-catalog';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const later = (ms: number) => new Date(at.getTime() + ms);
const sealed = (ciphertext: string) => ({ keyId: 'acct-1', iv: 'iv', tag: 'tag', ciphertext });
const hash = (c: string) => c.repeat(64);

const signedUp: AccountEvent = {
  type: 'AccountSignedUp',
  data: {
    accountId: 'acct-1',
    userId: 'user-1',
    emailHash: hash('e'),
    email: sealed('email'),
    passwordHash: sealed('old'),
    displayName: null,
    confirmed: false,
    signUpTokenHash: null,
    at: iso,
  },
};
const linkData = (tokenHash: string, ttl: number) => ({
  accountId: 'acct-1',
  tokenHash,
  expiresAt: later(ttl).toISOString(),
  at: iso,
});
const verificationRequested = (tokenHash: string): AccountEvent => ({
  type: 'EmailVerificationRequested',
  data: linkData(tokenHash, VERIFICATION_LINK_TTL_MS),
});
const resetRequested = (tokenHash: string): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: linkData(tokenHash, RESET_LINK_TTL_MS),
});
const reset = (tokenHash: string, when = at) => ({
  type: 'ResetPassword' as const,
  accountId: 'a1',
  tokenHash,
  passwordHash: sealed('new'),
  at: when,
});
const wasReset = (tokenHash: string): AccountEvent => ({
  type: 'PasswordReset',
  data: { accountId: 'acct-1', tokenHash, passwordHash: sealed('new'), at: iso },
});

describe('mailed links of an account', () => {
  const given = specFor(accountDecider);

  it('records a verification link for a day and a reset link for half an hour, by hash only', () => {
    given([signedUp])
      .when({ type: 'RequestEmailVerification', accountId: 'a1', tokenHash: hash('a'), at })
      .then([verificationRequested(hash('a'))]);
    given([signedUp])
      .when({ type: 'RequestPasswordReset', accountId: 'a1', tokenHash: hash('b'), at })
      .then([resetRequested(hash('b'))]);
  });

  it('mails nothing for an account that does not exist', () => {
    given([])
      .when({ type: 'RequestPasswordReset', accountId: 'a1', tokenHash: hash('b'), at })
      .thenFails('forbidden');
  });

  it('resets the password with an open reset link, once', () => {
    given([signedUp, resetRequested(hash('b'))])
      .when(reset(hash('b')))
      .then([wasReset(hash('b'))]);
    given([signedUp, resetRequested(hash('b')), wasReset(hash('b'))])
      .when(reset(hash('b')))
      .thenFails('invalid', /expired or was already used/);
  });

  it('spends every reset link of the account on a reset', () => {
    given([signedUp, resetRequested(hash('b')), resetRequested(hash('c')), wasReset(hash('b'))])
      .when(reset(hash('c')))
      .thenFails('invalid');
  });

  it('refuses an expired, an unknown, or a verification link for a reset', () => {
    given([signedUp, resetRequested(hash('b'))])
      .when(reset(hash('b'), later(RESET_LINK_TTL_MS)))
      .thenFails('invalid');
    given([signedUp, resetRequested(hash('b'))])
      .when(reset(hash('x')))
      .thenFails('invalid');
    given([signedUp, verificationRequested(hash('a'))])
      .when(reset(hash('a')))
      .thenFails('invalid');
  });

  it('keeps the newest links open, so a resend does not kill the mail on its way', () => {
    const many = Array.from({ length: OPEN_LINKS_KEPT + 1 }, (_, i) =>
      verificationRequested(hash(String(i))),
    );
    const state = fold(accountDecider, [signedUp, ...many]);
    if (!state.exists) throw new Error('account expected');
    expect(() => assertOpenLink(state.verificationLinks, hash('1'), at)).not.toThrow();
    expect(() =>
      assertOpenLink(state.verificationLinks, hash(String(OPEN_LINKS_KEPT)), at),
    ).not.toThrow();
    expect(() => assertOpenLink(state.verificationLinks, hash('0'), at)).toThrow(DomainError);
    expect(() =>
      assertOpenLink(state.verificationLinks, hash('1'), later(VERIFICATION_LINK_TTL_MS)),
    ).toThrow(/expired/);
  });

  it('takes the new password hash from the reset', () => {
    const state = fold(accountDecider, [signedUp, resetRequested(hash('b')), wasReset(hash('b'))]);
    expect(state.exists && state.passwordHash).toEqual(sealed('new'));
  });
});

describe('reservations from before email-first sign-up', () => {
  it('read as already proven', () => {
    const v1 = { emailHash: hash('e'), accountId: 'acct-1', at: iso };
    expect(upcast('EmailReserved', 1, v1)).toEqual({ ...v1, requiresVerification: false });
  });
});
