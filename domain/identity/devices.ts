import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, forbidden } from '../shared/errors';
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

export type LinkDeviceToAccount = {
  type: 'LinkDeviceToAccount';
  deviceHash: string;
  accountId: string;
  userId: string;
  pseudonym: string;
  at: Date;
};

export type ChangeSettings = {
  type: 'ChangeSettings';
  deviceHash: string;
  showActivity: boolean;
  at: Date;
};

export type DeviceCommand = RegisterDevice | LinkDeviceToAccount | ChangeSettings;

export type DeviceState = {
  userId: string | null;
  pseudonym: string | null;
  accountId: string | null;
  /** Whether others may see this person's activity; on until they turn it off. */
  showActivity: boolean;
};

const registration = (command: RegisterDevice, state: DeviceState): DeviceEvent[] => {
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
};

/**
 * A fresh device takes on the account's identity; a device registered as that same person
 * just records the link. A device with its own history under another identity keeps it:
 * merging two people's histories is not something a sign-in should do silently.
 */
const linking = (command: LinkDeviceToAccount, state: DeviceState): DeviceEvent[] => {
  if (state.accountId === command.accountId && state.userId === command.userId) return [];
  if (state.userId !== null && state.userId !== command.userId) {
    throw conflict(
      'Device has another identity',
      `This device already takes part as ${state.pseudonym}; it keeps that identity.`,
    );
  }
  return [
    {
      type: 'DeviceLinkedToAccount',
      data: {
        deviceHash: command.deviceHash,
        accountId: command.accountId,
        userId: command.userId,
        pseudonym: command.pseudonym,
        at: command.at.toISOString(),
      },
    },
  ];
};

const settings = (command: ChangeSettings, state: DeviceState): DeviceEvent[] => {
  if (state.userId === null) {
    throw forbidden('Registration required', 'Choose a pseudonym before changing settings.');
  }
  if (state.showActivity === command.showActivity) return [];
  return [
    {
      type: 'SettingsChanged',
      data: {
        deviceHash: command.deviceHash,
        showActivity: command.showActivity,
        at: command.at.toISOString(),
      },
    },
  ];
};

const unregistered = (): DeviceState => ({
  userId: null,
  pseudonym: null,
  accountId: null,
  showActivity: true,
});

export const deviceDecider: Decider<DeviceCommand, DeviceEvent, DeviceState> = {
  initialState: unregistered,
  readsPersonalFields: false,
  evolve: (state, event) => {
    switch (event.type) {
      case 'DeviceRegistered':
        return { ...state, userId: event.data.userId, pseudonym: event.data.pseudonym };
      case 'DeviceLinkedToAccount':
        return {
          ...state,
          userId: event.data.userId,
          pseudonym: event.data.pseudonym,
          accountId: event.data.accountId,
        };
      case 'SettingsChanged':
        return { ...state, showActivity: event.data.showActivity };
      case 'PersonErased':
        return unregistered();
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterDevice':
        return registration(command, state);
      case 'LinkDeviceToAccount':
        return linking(command, state);
      case 'ChangeSettings':
        return settings(command, state);
    }
  },
};

/** Bound to the stream its commands address. */
export const devices = commandHandler(deviceDecider, (c) => deviceStreamId(c.deviceHash));
