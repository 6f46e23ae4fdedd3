import { describe, expect, it } from 'vitest';
import {
  agreementsDecider,
  agreementTopic,
  consentDecision,
  type RecordAgreement,
} from '../../domain/identity/agreements';
import {
  deviceDecider,
  type ChangeSettings,
  type LinkDeviceToAccount,
  type RegisterDevice,
} from '../../domain/identity/devices';
import type {
  AgreementEvent,
  AgreementType,
  DeviceEvent,
  PseudonymEvent,
} from '../../domain/identity/events';
import {
  pseudonymDecider,
  RESERVATION_TTL_MS,
  type ReleasePseudonym,
  type ReservePseudonym,
} from '../../domain/identity/pseudonyms';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();

describe('pseudonym reservation', () => {
  const given = specFor(pseudonymDecider);
  const reserve = (
    pseudonym: string,
    deviceHash = 'dev-a',
    options: { at?: Date; holderRegisteredWithIt?: boolean } = {},
  ): ReservePseudonym => ({
    type: 'ReservePseudonym',
    pseudonym,
    deviceHash,
    holderRegisteredWithIt: options.holderRegisteredWithIt ?? false,
    at: options.at ?? at,
  });
  const reserved = (pseudonym: string, deviceHash = 'dev-a', when = iso): PseudonymEvent => ({
    type: 'PseudonymReserved',
    data: { pseudonym, deviceHash, at: when },
  });
  const release = (pseudonym: string, deviceHash = 'dev-a'): ReleasePseudonym => ({
    type: 'ReleasePseudonym',
    pseudonym,
    deviceHash,
    at,
  });
  const released = (pseudonym: string, deviceHash = 'dev-a'): PseudonymEvent => ({
    type: 'PseudonymReleased',
    data: { pseudonym, deviceHash, at: iso },
  });
  const later = new Date(at.getTime() + RESERVATION_TTL_MS);

  it('reserves a free pseudonym for the device', () => {
    given([])
      .when(reserve('Calm Owl'))
      .then([reserved('Calm Owl')]);
  });

  it('refuses a pseudonym another device holds', () => {
    given([reserved('Calm Owl', 'dev-a')])
      .when(reserve('Calm Owl', 'dev-b'))
      .thenFails('conflict', /taken/);
  });

  it('treats the holder asking again as done', () => {
    given([reserved('Calm Owl')])
      .when(reserve('Calm Owl'))
      .thenNothing();
  });

  it('refuses names the product could not have offered', () => {
    given([]).when(reserve('<script>')).thenFails('invalid');
    given([]).when(reserve('')).thenFails('invalid');
    // The right shape is not enough: both words must come from the product's lists.
    given([]).when(reserve('Stupid Idiot')).thenFails('invalid');
  });

  it('releases a reservation its device did not bind, and only its own', () => {
    given([reserved('Calm Owl')])
      .when(release('Calm Owl'))
      .then([released('Calm Owl')]);
    given([reserved('Calm Owl', 'dev-a')])
      .when(release('Calm Owl', 'dev-b'))
      .thenNothing();
    given([reserved('Calm Owl'), released('Calm Owl')])
      .when(reserve('Calm Owl', 'dev-b'))
      .then([reserved('Calm Owl', 'dev-b')]);
  });

  it('lets a reservation never bound lapse, but never a name in use', () => {
    given([reserved('Calm Owl', 'dev-a')])
      .when(reserve('Calm Owl', 'dev-b', { at: later }))
      .then([reserved('Calm Owl', 'dev-b', later.toISOString())]);
    given([reserved('Calm Owl', 'dev-a')])
      .when(reserve('Calm Owl', 'dev-b', { at: new Date(later.getTime() - 1) }))
      .thenFails('conflict', /taken/);
    given([reserved('Calm Owl', 'dev-a')])
      .when(reserve('Calm Owl', 'dev-b', { at: later, holderRegisteredWithIt: true }))
      .thenFails('conflict', /taken/);
  });

  it('reserves a numbered name once the plain pairs run short', () => {
    given([])
      .when(reserve('Calm Owl 42'))
      .then([reserved('Calm Owl 42')]);
  });
});

describe('device registration, linking and settings', () => {
  const given = specFor(deviceDecider);
  const register = (pseudonym = 'Calm Owl'): RegisterDevice => ({
    type: 'RegisterDevice',
    deviceHash: 'dev-a',
    userId: 'user-1',
    pseudonym,
    privacyConsent: true,
    termsConsent: true,
    at,
  });
  const registered = (pseudonym = 'Calm Owl', userId = 'user-1'): DeviceEvent => ({
    type: 'DeviceRegistered',
    data: {
      deviceHash: 'dev-a',
      userId,
      pseudonym,
      privacyConsent: true,
      termsConsent: true,
      at: iso,
    },
  });
  const link = (userId = 'user-1', accountId = 'acct-1'): LinkDeviceToAccount => ({
    type: 'LinkDeviceToAccount',
    deviceHash: 'dev-a',
    accountId,
    userId,
    pseudonym: 'Calm Owl',
    at,
  });
  const linked = (userId = 'user-1', accountId = 'acct-1'): DeviceEvent => ({
    type: 'DeviceLinkedToAccount',
    data: { deviceHash: 'dev-a', accountId, userId, pseudonym: 'Calm Owl', at: iso },
  });
  const settings = (showActivity: boolean): ChangeSettings => ({
    type: 'ChangeSettings',
    deviceHash: 'dev-a',
    showActivity,
    at,
  });

  it('registers a fresh device with its pseudonym, trimmed', () => {
    given([])
      .when(register('  Calm Owl '))
      .then([registered('Calm Owl')]);
  });

  it('treats the same registration again as done', () => {
    given([registered()]).when(register()).thenNothing();
  });

  it('keeps a device tied to its first pseudonym for good', () => {
    given([registered()])
      .when(register('Brave Fox'))
      .thenFails('conflict', /Calm Owl/);
  });

  it('lets a fresh device take on an account identity', () => {
    given([]).when(link()).then([linked()]);
  });

  it('records the link for a device already acting as that same person', () => {
    given([registered()]).when(link()).then([linked()]);
    given([registered(), linked()]).when(link()).thenNothing();
  });

  it('never merges a device that takes part as someone else', () => {
    given([registered('Calm Owl', 'user-2')])
      .when(link('user-1'))
      .thenFails('conflict');
  });

  it('changes settings only for a registered device, and only when they change', () => {
    given([]).when(settings(false)).thenFails('forbidden');
    given([registered()]).when(settings(true)).thenNothing();
    given([registered()])
      .when(settings(false))
      .then([
        { type: 'SettingsChanged', data: { deviceHash: 'dev-a', showActivity: false, at: iso } },
      ]);
    given([
      registered(),
      { type: 'SettingsChanged', data: { deviceHash: 'dev-a', showActivity: false, at: iso } },
    ])
      .when(settings(false))
      .thenNothing();
  });
});

describe('agreements', () => {
  const given = specFor(agreementsDecider);
  const record = (agreementType: RecordAgreement['agreementType']): RecordAgreement => ({
    type: 'RecordAgreement',
    personId: 'person-a',
    deviceHash: 'dev-a',
    agreementType,
    agreementVersion: '1.0',
    at,
  });
  const recorded = (agreementType: RecordAgreement['agreementType']): AgreementEvent => ({
    type: 'AgreementRecorded',
    data: {
      personId: 'person-a',
      deviceHash: 'dev-a',
      agreementType,
      agreementVersion: '1.0',
      at: iso,
    },
  });

  it('records each decision once per version', () => {
    given([])
      .when(record('privacy'))
      .then([recorded('privacy')]);
    given([recorded('privacy')])
      .when(record('privacy'))
      .thenNothing();
    given([recorded('privacy')])
      .when(record('terms'))
      .then([recorded('terms')]);
  });

  it('records a change of mind about privacy', () => {
    given([recorded('privacy')])
      .when(record('privacy_decline'))
      .then([recorded('privacy_decline')]);
    given([recorded('privacy_decline')])
      .when(record('privacy'))
      .then([recorded('privacy')]);
  });

  it('reads as a decision only once privacy and terms are both answered, or privacy declined', () => {
    const decisionOf = (...types: AgreementType[]) =>
      consentDecision(
        (topic) => types.findLast((type) => agreementTopic(type, '1.0') === topic),
        '1.0',
      );
    expect(decisionOf()).toBeNull();
    expect(decisionOf('privacy')).toBeNull();
    expect(decisionOf('privacy', 'terms')).toBe('accepted');
    expect(decisionOf('privacy_decline')).toBe('declined');
    expect(decisionOf('privacy', 'terms', 'privacy_decline')).toBe('declined');
    expect(consentDecision(() => 'terms', '2.0')).toBeNull();
  });
});
