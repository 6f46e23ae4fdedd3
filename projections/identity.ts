import type {
  DeviceLinkedToAccountData,
  DeviceRegisteredData,
  PseudonymReservedData,
  SettingsChangedData,
} from '../domain/identity/events';
import { pseudonymKey } from '../domain/identity/pseudonyms';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';

export type DeviceDoc = Doc & {
  userId: string;
  pseudonym: string;
  registeredAt: string;
  accountId?: string;
  showActivity?: boolean;
};
export type PseudonymDoc = Doc & { pseudonym: string };

/** Registered devices (by device-id hash), their settings, and the pseudonyms in use. */
export const identityProjection: Projection = {
  name: 'identity',
  version: 2,
  collections: ['devices', 'pseudonyms'],
  handles: ['DeviceRegistered', 'DeviceLinkedToAccount', 'SettingsChanged', 'PseudonymReserved'],
  async apply(event, context) {
    const devices = context.collection<DeviceDoc>('devices');
    switch (event.type) {
      case 'DeviceRegistered': {
        const data = event.data as DeviceRegisteredData;
        await devices.upsertOne({
          _id: data.deviceHash,
          userId: data.userId,
          pseudonym: data.pseudonym,
          registeredAt: data.at,
          showActivity: true,
        });
        return;
      }
      case 'DeviceLinkedToAccount': {
        const data = event.data as DeviceLinkedToAccountData;
        const existing = await devices.findOne({ _id: data.deviceHash });
        await devices.upsertOne({
          registeredAt: data.at,
          showActivity: true,
          ...existing,
          _id: data.deviceHash,
          userId: data.userId,
          pseudonym: data.pseudonym,
          accountId: data.accountId,
        });
        return;
      }
      case 'SettingsChanged': {
        const data = event.data as SettingsChangedData;
        await devices.updateOne(
          { _id: data.deviceHash },
          { $set: { showActivity: data.showActivity } },
        );
        return;
      }
      default: {
        const data = event.data as PseudonymReservedData;
        await context
          .collection<PseudonymDoc>('pseudonyms')
          .upsertOne({ _id: pseudonymKey(data.pseudonym), pseudonym: data.pseudonym });
      }
    }
  },
};
