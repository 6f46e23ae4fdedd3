import { describe, expect, it } from 'vitest';
import { accountDecider, type SignUp } from '../../domain/accounts/account';
import { adminDecider } from '../../domain/accounts/admin-sessions';
import {
  emailDecider,
  normalizeEmail,
  ORPHAN_RESERVATION_MS,
} from '../../domain/accounts/email-reservation';
import type { AccountEvent, EmailEvent, SessionEvent } from '../../domain/accounts/events';
import { REFRESH_RETRY_GRACE_MS, sessionDecider } from '../../domain/accounts/sessions';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const sealed = { keyId: 'acct-1', iv: 'iv', tag: 'tag', ciphertext: 'ct' };

describe('email reservation (sign-up uniqueness)', () => {
  const given = specFor(emailDecider);
  const reserve = (accountId: string, holderExists = true) => ({
    type: 'ReserveEmail' as const,
    emailHash: 'h',
    accountId,
    holderExists,
    at,
  });
  const reserved = (accountId: string, requiresVerification = true): EmailEvent => ({
    type: 'EmailReserved',
    data: { emailHash: 'h', accountId, requiresVerification, at: iso },
  });
  const verify = (accountId: string) => ({
    type: 'VerifyEmail' as const,
    emailHash: 'h',
    accountId,
    at,
  });
  const verified = (accountId: string): EmailEvent => ({
    type: 'EmailVerified',
    data: { emailHash: 'h', accountId, at: iso },
  });

  it('reserves a free address, to be proven by its link', () => {
    given([])
      .when(reserve('acct-1'))
      .then([reserved('acct-1')]);
  });

  it('refuses an address another account proved', () => {
    given([reserved('acct-1'), verified('acct-1')])
      .when(reserve('acct-2'))
      .thenFails('conflict', /already exists/);
    // Reservations from before email-first sign-up count as proven.
    given([reserved('acct-1', false)])
      .when(reserve('acct-2'))
      .thenFails('conflict');
  });

  it('hands an unproven address to the next sign-up: whoever reads the mail decides', () => {
    given([reserved('acct-1')])
      .when(reserve('acct-2'))
      .then([reserved('acct-2')]);
  });

  it('hands over an address whose sign-up never wrote its account, once clearly dead', () => {
    given([reserved('acct-1')])
      .when(reserve('acct-2', false))
      .thenFails('conflict');
    const later = new Date(at.getTime() + ORPHAN_RESERVATION_MS);
    const handedOver = reserved('acct-2');
    given([reserved('acct-1')])
      .when({ ...reserve('acct-2', false), at: later })
      .then([
        { ...handedOver, data: { ...handedOver.data, at: later.toISOString() } },
      ] as EmailEvent[]);
  });

  it('is proven once, by the account holding it', () => {
    given([reserved('acct-1')])
      .when(verify('acct-1'))
      .then([verified('acct-1')]);
    given([reserved('acct-1'), verified('acct-1')])
      .when(verify('acct-1'))
      .thenFails('invalid', /already used/);
    // A link of a sign-up that lost the address to a later one no longer works.
    given([reserved('acct-1'), reserved('acct-2')])
      .when(verify('acct-1'))
      .thenFails('invalid', /newest link/);
    given([]).when(verify('acct-1')).thenFails('invalid');
  });

  it('normalizes case and surrounding space', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
  });
});

describe('account', () => {
  const given = specFor(accountDecider);
  const signUp: SignUp = {
    type: 'SignUp',
    accountId: 'acct-1',
    userId: 'user-1',
    emailHash: 'h',
    email: sealed,
    passwordHash: sealed,
    displayName: null,
    confirmed: false,
    signUpTokenHash: 'b'.repeat(64),
    at,
  };
  const signedUp: AccountEvent = {
    type: 'AccountSignedUp',
    data: {
      accountId: 'acct-1',
      userId: 'user-1',
      emailHash: 'h',
      email: sealed,
      passwordHash: sealed,
      displayName: null,
      confirmed: false,
      signUpTokenHash: 'b'.repeat(64),
      at: iso,
    },
  };
  const update = (userId: string, displayName = 'Calm Owl') => ({
    type: 'UpdateAccountMetadata' as const,
    accountId: 'a1',
    userId,
    displayName,
    confirmed: true,
    at,
  });
  const updated = (userId: string, displayName = 'Calm Owl'): AccountEvent => ({
    type: 'AccountMetadataUpdated',
    data: { accountId: 'acct-1', userId, displayName, confirmed: true, at: iso },
  });

  it('signs up once', () => {
    given([]).when(signUp).then([signedUp]);
    given([signedUp]).when(signUp).thenFails('conflict');
  });

  it('lets an unconfirmed account adopt the identity of the device completing setup', () => {
    given([signedUp])
      .when(update('device-user'))
      .then([updated('device-user')]);
  });

  it('keeps a confirmed account on its identity', () => {
    given([signedUp, updated('user-1')])
      .when(update('user-1'))
      .thenNothing();
    given([signedUp, updated('user-1')])
      .when(update('someone-else', 'Brave Fox'))
      .thenFails('conflict');
  });

  it('needs an account to update', () => {
    given([]).when(update('user-1')).thenFails('forbidden');
  });
});

describe('refresh-token rotation', () => {
  const given = specFor(sessionDecider);
  const started: SessionEvent = {
    type: 'SessionStarted',
    data: { familyId: 'fam', accountId: 'acct-1', tokenHash: 't1', at: iso },
  };
  const refreshed = (tokenHash: string): SessionEvent => ({
    type: 'SessionRefreshed',
    data: { familyId: 'fam', tokenHash, at: iso },
  });
  const refresh = (presentedHash: string, nextHash: string) => ({
    type: 'RefreshSession' as const,
    familyId: 'f1',
    presentedHash,
    nextHash,
    at,
  });

  it('starts a family once', () => {
    const start = {
      type: 'StartSession' as const,
      familyId: 'fam',
      accountId: 'acct-1',
      tokenHash: 't1',
      at,
    };
    given([]).when(start).then([started]);
    given([started]).when(start).thenFails('conflict');
  });

  it('exchanges the current refresh token for a new one', () => {
    given([started])
      .when(refresh('t1', 't2'))
      .then([refreshed('t2')]);
    given([started, refreshed('t2')])
      .when(refresh('t2', 't3'))
      .then([refreshed('t3')]);
  });

  it('revokes the whole family when a spent token comes back', () => {
    given([started, refreshed('t2')])
      .when(refresh('t1', 'tX'))
      .then([{ type: 'SessionRevoked', data: { familyId: 'fam', reason: 'reuse', at: iso } }]);
  });

  it('answers a retry of the last exchange within the grace as done', () => {
    const later = (ms: number) => ({ ...refresh('t1', 't2'), at: new Date(at.getTime() + ms) });
    given([started, refreshed('t2')])
      .when(later(REFRESH_RETRY_GRACE_MS))
      .thenNothing();
    // Past the grace it is a replay (so is a retry naming another next token, above).
    given([started, refreshed('t2')])
      .when(later(REFRESH_RETRY_GRACE_MS + 1))
      .then([
        {
          type: 'SessionRevoked',
          data: {
            familyId: 'fam',
            reason: 'reuse',
            at: later(REFRESH_RETRY_GRACE_MS + 1).at.toISOString(),
          },
        },
      ]);
    // Only the last exchange can be retried: an older spent token is always a replay.
    given([started, refreshed('t2'), refreshed('t3')])
      .when(refresh('t1', 't2'))
      .then([{ type: 'SessionRevoked', data: { familyId: 'fam', reason: 'reuse', at: iso } }]);
  });

  it('refuses unknown tokens, unknown families and revoked families', () => {
    given([started]).when(refresh('nope', 't2')).thenFails('unauthorized');
    given([]).when(refresh('t1', 't2')).thenFails('unauthorized');
    given([
      started,
      { type: 'SessionRevoked', data: { familyId: 'fam', reason: 'signout', at: iso } },
    ])
      .when(refresh('t1', 't2'))
      .thenFails('unauthorized');
  });

  it('signs out once', () => {
    const end = { type: 'EndSession' as const, familyId: 'f1', at };
    given([started])
      .when(end)
      .then([{ type: 'SessionRevoked', data: { familyId: 'fam', reason: 'signout', at: iso } }]);
    given([
      started,
      { type: 'SessionRevoked', data: { familyId: 'fam', reason: 'signout', at: iso } },
    ])
      .when(end)
      .thenNothing();
  });
});

describe('admin sessions', () => {
  const given = specFor(adminDecider);
  it('records sign-in and sign-out of each admin session', () => {
    const signedIn = {
      type: 'AdminSignedIn' as const,
      data: {
        sessionId: 's1',
        username: 'admin',
        method: 'password' as const,
        linkTokenHash: null,
        at: iso,
      },
    };
    given([])
      .when({ type: 'SignInAdmin', sessionId: 's1', username: 'admin', at })
      .then([signedIn]);
    given([signedIn])
      .when({ type: 'SignOutAdmin', sessionId: 's1', username: 'admin', at })
      .then([{ type: 'AdminSignedOut', data: { sessionId: 's1', at: iso } }]);
    given([]).when({ type: 'SignOutAdmin', sessionId: 's1', username: 'admin', at }).thenNothing();
  });
});
