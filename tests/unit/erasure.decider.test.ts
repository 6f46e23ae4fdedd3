import { describe, expect, it } from 'vitest';
import { deviceDecider } from '../../domain/identity/devices';
import type { DeviceEvent } from '../../domain/identity/events';
import { erasureDecider } from '../../domain/privacy/erasure';
import { fold } from '../../domain/shared/decider';
import { specFor } from '../support/given-when-then';

const at = new Date('2026-11-22T16:00:00.000Z');
const hash = 'a'.repeat(64);
const registered: DeviceEvent = {
  type: 'DeviceRegistered',
  data: {
    deviceHash: hash,
    userId: 'ann',
    pseudonym: 'Calm Owl',
    privacyConsent: true,
    termsConsent: true,
    at: '2026-11-20T10:00:00.000Z',
  },
};
const erased: DeviceEvent = {
  type: 'PersonErased',
  data: { personId: 'ann', at: at.toISOString() },
};
const erase = { type: 'EraseMyData', deviceHash: hash, at } as const;

describe('erasure (on the device’s stream)', () => {
  const given = specFor(erasureDecider);

  it('erases the person the device acts as', () => {
    given([registered]).when(erase).then([erased]);
  });

  it('erases whoever the device acts for after linking to an account', () => {
    given([
      registered,
      {
        type: 'DeviceLinkedToAccount',
        data: {
          deviceHash: hash,
          accountId: 'acc',
          userId: 'ann',
          pseudonym: 'Calm Owl',
          at: at.toISOString(),
        },
      },
    ])
      .when(erase)
      .then([erased]);
  });

  it('has nothing to erase on a device that never registered, or was erased already', () => {
    given([]).when(erase).thenNothing();
    given([registered, erased]).when(erase).thenNothing();
  });

  it('leaves the device fresh: unregistered, so it may register again as someone new', () => {
    expect(fold(deviceDecider, [registered, erased])).toEqual(deviceDecider.initialState());
    specFor(deviceDecider)([registered, erased])
      .when({
        type: 'RegisterDevice',
        deviceHash: hash,
        userId: 'new-person',
        pseudonym: 'Brave Fox',
        privacyConsent: true,
        termsConsent: true,
        at,
      })
      .then([
        {
          type: 'DeviceRegistered',
          data: {
            deviceHash: hash,
            userId: 'new-person',
            pseudonym: 'Brave Fox',
            privacyConsent: true,
            termsConsent: true,
            at: at.toISOString(),
          },
        },
      ]);
  });
});
