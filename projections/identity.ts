import type { DeviceRegisteredData, PseudonymReservedData } from '../domain/identity/events';
import { pseudonymKey } from '../domain/identity/pseudonyms';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';

export type DeviceDoc = Doc & { userId: string; pseudonym: string; registeredAt: string };
export type PseudonymDoc = Doc & { pseudonym: string };

/** Registered devices (by device-id hash) and the pseudonyms in use. */
export const identityProjection: Projection = {
  name: 'identity',
  version: 1,
  collections: ['devices', 'pseudonyms'],
  handles: ['DeviceRegistered', 'PseudonymReserved'],
  async apply(event, context) {
    if (event.type === 'DeviceRegistered') {
      const data = event.data as DeviceRegisteredData;
      await context.collection<DeviceDoc>('devices').upsertOne({
        _id: data.deviceHash,
        userId: data.userId,
        pseudonym: data.pseudonym,
        registeredAt: data.at,
      });
    } else {
      const data = event.data as PseudonymReservedData;
      await context
        .collection<PseudonymDoc>('pseudonyms')
        .upsertOne({ _id: pseudonymKey(data.pseudonym), pseudonym: data.pseudonym });
    }
  },
};
