import { describe, expect, it } from 'vitest';
import { addressClassOf } from '../../api/auth/address-class';
import { accountDecider } from '../../domain/accounts/account';
import { ADMIN_SIGN_IN_LINK_TTL_MS, adminDecider } from '../../domain/accounts/admin-sessions';
import type { AccountEvent, AdminEvent } from '../../domain/accounts/events';
import { SIGN_IN_LINK_TTL_MS } from '../../domain/accounts/one-time-links';
import {
  adminSignInFailuresStreamId,
  failureWindowOf,
  signInFailuresDecider,
} from '../../domain/admins/sign-in-failures';
import { upcast, type EventOfType } from '../../domain/event-catalog';
import { fold } from '../../domain/shared/decider';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:20:00Z');
const iso = at.toISOString();
const later = (ms: number) => new Date(at.getTime() + ms);
const sealed = (ciphertext: string) => ({ keyId: 'acct-1', iv: 'iv', tag: 'tag', ciphertext });
const hash = (c: string) => c.repeat(64);

const signedUp: AccountEvent = {
  type: 'AccountSignedUp',
  data: {
    accountId: 'acct-1',
    userId: 'strangers-identity',
    emailHash: hash('e'),
    email: sealed('email'),
    passwordHash: sealed('strangers'),
    displayName: 'Brave Fox',
    confirmed: true,
    signUpTokenHash: hash('s'),
    at: iso,
  },
};

describe('a sign-up completed where its link was followed', () => {
  const given = specFor(accountDecider);

  const followed: AccountEvent = {
    type: 'SignUpLinkFollowed',
    data: { accountId: 'acct-1', at: iso },
  };
  const chosen: AccountEvent = {
    type: 'SignUpPasswordChosen',
    data: { accountId: 'acct-1', userId: 'fresh', passwordHash: sealed('owners'), at: iso },
  };
  const follow = (password: string | null) => ({
    type: 'FollowSignUpLink' as const,
    accountId: 'acct-1',
    chosen: password === null ? null : { userId: 'fresh', passwordHash: sealed(password) },
    at,
  });
  const mailedAgain: AccountEvent = {
    type: 'EmailVerificationRequested',
    data: {
      accountId: 'acct-1',
      tokenHash: hash('v'),
      expiresAt: later(60_000).toISOString(),
      at: iso,
    },
  };

  it('takes the password chosen there, and a fresh identity, never the sign-up’s', () => {
    given([signedUp]).when(follow('owners')).then([followed, chosen]);
    const state = fold(accountDecider, [signedUp, followed, chosen]);
    expect(state).toMatchObject({
      userId: 'fresh',
      passwordHash: sealed('owners'),
      displayName: null,
      confirmed: false,
      // No browser completes it as started any more.
      signUpTokenHash: null,
    });
  });

  it('is completed by the first link followed, and by no other browser after it', () => {
    given([signedUp]).when(follow(null)).then([followed]);
    for (const history of [
      [signedUp, followed],
      [signedUp, followed, chosen],
    ]) {
      given(history)
        .when(follow('a later browser’s'))
        .thenFails('invalid', /already used/);
      given(history)
        .when(follow(null))
        .thenFails('invalid', /already used/);
    }
    // A link mailed since (the completion died before the address was proven) completes it.
    given([signedUp, followed, mailedAgain]).when(follow('owners')).then([followed, chosen]);
  });

  it('reads sign-ups from before sign-up tokens as completable by nobody as started', () => {
    const { signUpTokenHash: _, ...v1 } = signedUp.data;
    expect(upcast('AccountSignedUp', 1, v1)).toEqual({ ...v1, signUpTokenHash: null });
  });
});

describe('sign-in links', () => {
  const given = specFor(accountDecider);
  const requested: AccountEvent = {
    type: 'SignInLinkRequested',
    data: {
      accountId: 'acct-1',
      tokenHash: hash('l'),
      expiresAt: later(SIGN_IN_LINK_TTL_MS).toISOString(),
      at: iso,
    },
  };
  const use = (when = at) => ({
    type: 'UseSignInLink' as const,
    accountId: 'acct-1',
    tokenHash: hash('l'),
    at: when,
  });

  it('are recorded for fifteen minutes, by hash only, and work once', () => {
    given([signedUp])
      .when({ type: 'RequestSignInLink', accountId: 'acct-1', tokenHash: hash('l'), at })
      .then([requested]);
    const used: AccountEvent = {
      type: 'SignInLinkUsed',
      data: { accountId: 'acct-1', tokenHash: hash('l'), at: iso },
    };
    given([signedUp, requested]).when(use()).then([used]);
    given([signedUp, requested, used])
      .when(use())
      .thenFails('invalid', /already used/);
    given([signedUp, requested])
      .when(use(later(SIGN_IN_LINK_TTL_MS)))
      .thenFails('invalid');
  });

  it('stop working when the password is reset', () => {
    const reset: AccountEvent = {
      type: 'PasswordReset',
      data: { accountId: 'acct-1', tokenHash: hash('r'), passwordHash: sealed('new'), at: iso },
    };
    given([signedUp, requested, reset]).when(use()).thenFails('invalid');
  });
});

describe('an admin’s sign-in link', () => {
  const given = specFor(adminDecider);
  const issued: AdminEvent = {
    type: 'AdminSignInLinkIssued',
    data: {
      username: 'admin',
      tokenHash: hash('a'),
      expiresAt: later(ADMIN_SIGN_IN_LINK_TTL_MS).toISOString(),
      at: iso,
    },
  };
  const byLink = (when = at) => ({
    type: 'SignInAdminByLink' as const,
    sessionId: 's1',
    username: 'admin',
    tokenHash: hash('a'),
    at: when,
  });
  const signedIn: AdminEvent = {
    type: 'AdminSignedIn',
    data: {
      sessionId: 's1',
      username: 'admin',
      method: 'link',
      linkTokenHash: hash('a'),
      at: iso,
    },
  };

  it('signs in once, within fifteen minutes', () => {
    given([])
      .when({ type: 'IssueAdminSignInLink', username: 'admin', tokenHash: hash('a'), at })
      .then([issued]);
    given([issued]).when(byLink()).then([signedIn]);
    given([issued, signedIn]).when(byLink()).thenFails('invalid');
    given([issued])
      .when(byLink(later(ADMIN_SIGN_IN_LINK_TTL_MS)))
      .thenFails('invalid');
    given([]).when(byLink()).thenFails('invalid');
  });

  it('reads sign-ins from before links as sign-ins by password', () => {
    const v1 = { sessionId: 's1', username: 'admin', at: iso };
    expect(upcast('AdminSignedIn', 1, v1)).toEqual({
      ...v1,
      method: 'password',
      linkTokenHash: null,
    });
  });
});

describe('failed admin sign-ins', () => {
  const given = specFor(signInFailuresDecider);
  const record = (failures: number, username: string | null = 'admin') => ({
    type: 'RecordAdminSignInFailures' as const,
    username,
    addressClass: 'public' as const,
    failures,
    at,
  });
  const failed = (failures: number, username: string | null = 'admin') =>
    ({
      type: 'AdminSignInFailed',
      data: {
        username,
        addressClass: 'public',
        window: '2026-11-22T15:00:00.000Z',
        failures,
        at: iso,
      },
    }) as EventOfType<'AdminSignInFailed'>;

  it('are written at 1, 2, 4, 8, … failures in the hour, never one per guess', () => {
    given([])
      .when(record(1))
      .then([failed(1)]);
    given([failed(1)])
      .when(record(2))
      .then([failed(2)]);
    given([failed(1), failed(2)])
      .when(record(3))
      .thenNothing();
    given([failed(1), failed(2)])
      .when(record(4))
      .then([failed(4)]);
  });

  it('add nothing for a count already passed (a restarted process, another process)', () => {
    given([failed(8)])
      .when(record(1))
      .thenNothing();
    given([failed(8)])
      .when(record(8))
      .thenNothing();
    given([failed(8)])
      .when(record(16))
      .then([failed(16)]);
    // Each name (or the names no admin has) and class counts on its own.
    given([failed(8)])
      .when(record(1, null))
      .then([failed(1, null)]);
  });

  it('count by the UTC hour, in a stream of that hour', () => {
    expect(failureWindowOf(at)).toBe('2026-11-22T15:00:00.000Z');
    expect(adminSignInFailuresStreamId(failureWindowOf(at))).toBe(
      'admin-sign-in-failures-2026-11-22T15',
    );
  });
});

describe('address classes', () => {
  it('say where a sign-in came from without the address', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(addressClassOf(ip), ip).toBe('loopback');
    }
    for (const ip of [
      '10.1.2.3',
      '172.20.0.4',
      '192.168.1.9',
      '100.64.0.1',
      'fd00::1',
      'fe80::9',
    ]) {
      expect(addressClassOf(ip), ip).toBe('private');
    }
    for (const ip of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '::ffff:198.51.100.2', undefined]) {
      expect(addressClassOf(ip), String(ip)).toBe('public');
    }
  });
});
