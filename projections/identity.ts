import { pseudonymKey } from '../domain/identity/pseudonyms';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

export type DeviceDoc = Doc & {
  userId: string;
  pseudonym: string;
  registeredAt: string;
  accountId?: string;
  showActivity?: boolean;
};
export type PseudonymDoc = Doc & { pseudonym: string };

/** Registered devices (by device-id hash), their settings, and the pseudonyms in use. */
export const identityProjection = projection({
  name: 'identity',
  version: 4,
  collections: {
    devices: collection<DeviceDoc>({ key: { userId: 1 } }),
    pseudonyms: collection<PseudonymDoc>(),
  },
  on: {
    DeviceRegistered: async ({ data }, db) => {
      await db.devices.upsertOne({
        _id: data.deviceHash,
        userId: data.userId,
        pseudonym: data.pseudonym,
        registeredAt: data.at,
        showActivity: true,
      });
    },
    DeviceLinkedToAccount: async ({ data }, db) => {
      const existing = await db.devices.findOne({ _id: data.deviceHash });
      await db.devices.upsertOne({
        registeredAt: data.at,
        showActivity: true,
        ...existing,
        _id: data.deviceHash,
        userId: data.userId,
        pseudonym: data.pseudonym,
        accountId: data.accountId,
      });
    },
    SettingsChanged: async ({ data }, db) => {
      await db.devices.updateOne(
        { _id: data.deviceHash },
        { $set: { showActivity: data.showActivity } },
      );
    },
    // Erased: the person's devices are fresh ones again.
    PersonErased: async ({ data }, db) => {
      await db.devices.deleteMany({ userId: data.personId });
    },
    PseudonymReserved: async ({ data }, db) => {
      await db.pseudonyms.upsertOne({
        _id: pseudonymKey(data.pseudonym),
        pseudonym: data.pseudonym,
      });
    },
    // A name reserved but never bound to a device is free again: it can be offered once more.
    PseudonymReleased: async ({ data }, db) => {
      await db.pseudonyms.deleteOne({ _id: pseudonymKey(data.pseudonym) });
    },
  },
});
