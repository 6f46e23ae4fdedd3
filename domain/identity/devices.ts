import type { Decider } from '../shared/decider';
import { conflict } from '../shared/errors';
import type { DeviceEvent } from './events';

/** Keyed by the hash of the device id; the raw id never appears in a stream name or event. */
export const deviceStreamId = (deviceHash: string) => `device-${deviceHash}`;

export type RegisterDevice = {
  type: 'RegisterDevice';
  deviceHash: string;
  userId: string;
  pseudonym: string;
  privacyConsent: boolean;
  termsConsent: boolean;
  at: Date;
};

export type DeviceState = { userId: string | null; pseudonym: string | null };

export const deviceDecider: Decider<RegisterDevice, DeviceEvent, DeviceState> = {
  initialState: () => ({ userId: null, pseudonym: null }),
  evolve: (_state, event) => ({ userId: event.data.userId, pseudonym: event.data.pseudonym }),
  decide: (command, state) => {
    if (state.userId !== null) {
      if (state.pseudonym === command.pseudonym.trim()) return [];
      throw conflict(
        'Already registered',
        `This device is already registered as ${state.pseudonym}.`,
        'pseudonym',
      );
    }
    return [
      {
        type: 'DeviceRegistered',
        data: {
          deviceHash: command.deviceHash,
          userId: command.userId,
          pseudonym: command.pseudonym.trim(),
          privacyConsent: command.privacyConsent,
          termsConsent: command.termsConsent,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};
