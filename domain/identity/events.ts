import { z } from 'zod';
import { AGREEMENT_TYPES, type AgreementType } from '../contracts/settings';
import type { PersonErasedData } from '../privacy/events';
import { defineEvent } from '../shared/events';

export { AGREEMENT_TYPES, type AgreementType };

export const DeviceRegistered = defineEvent({
  type: 'DeviceRegistered',
  version: 1,
  schema: z.object({
    /** SHA-256 of the device id: the id itself is a bearer secret and never enters the log. */
    deviceHash: z.string().length(64),
    userId: z.string().min(1),
    pseudonym: z.string().min(1),
    privacyConsent: z.boolean(),
    termsConsent: z.boolean(),
    at: z.iso.datetime(),
  }),
});

export const PseudonymReserved = defineEvent({
  type: 'PseudonymReserved',
  version: 1,
  schema: z.object({
    pseudonym: z.string().min(1),
    deviceHash: z.string().length(64),
    at: z.iso.datetime(),
  }),
});

/** A reservation its device never bound (its registration failed): the name is free again. */
export const PseudonymReleased = defineEvent({
  type: 'PseudonymReleased',
  version: 1,
  schema: z.object({
    pseudonym: z.string().min(1),
    deviceHash: z.string().length(64),
    at: z.iso.datetime(),
  }),
});

/** A device now acts for an account: from here on it answers, echoes and replies as that account. */
export const DeviceLinkedToAccount = defineEvent({
  type: 'DeviceLinkedToAccount',
  version: 1,
  schema: z.object({
    deviceHash: z.string().length(64),
    accountId: z.string().min(1),
    userId: z.string().min(1),
    pseudonym: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export const SettingsChanged = defineEvent({
  type: 'SettingsChanged',
  version: 1,
  schema: z.object({
    deviceHash: z.string().length(64),
    showActivity: z.boolean(),
    at: z.iso.datetime(),
  }),
});

/**
 * A person's consent decision (privacy, terms, or privacy declined) for one published version.
 *
 * v2: recorded on the person (`personId`: the pseudonym's or the account's), in their own
 * stream, so every device they use knows it; `deviceHash` says where it was given. v1 was kept
 * per device (its person unknown: null).
 */
export const AgreementRecorded = defineEvent({
  type: 'AgreementRecorded',
  version: 2,
  schema: z.object({
    personId: z.string().min(1).nullable(),
    deviceHash: z.string().length(64),
    agreementType: z.enum(AGREEMENT_TYPES),
    agreementVersion: z.string().min(1),
    at: z.iso.datetime(),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), personId: null }) },
});

export type DeviceRegisteredData = z.infer<typeof DeviceRegistered.schema>;
export type PseudonymReservedData = z.infer<typeof PseudonymReserved.schema>;
export type PseudonymReleasedData = z.infer<typeof PseudonymReleased.schema>;
export type DeviceLinkedToAccountData = z.infer<typeof DeviceLinkedToAccount.schema>;
export type SettingsChangedData = z.infer<typeof SettingsChanged.schema>;
export type AgreementRecordedData = z.infer<typeof AgreementRecorded.schema>;

export type DeviceEvent =
  | { type: 'DeviceRegistered'; data: DeviceRegisteredData }
  | { type: 'DeviceLinkedToAccount'; data: DeviceLinkedToAccountData }
  | { type: 'SettingsChanged'; data: SettingsChangedData }
  /** Appended to the device's stream by erasure: the device is a fresh one again. */
  | { type: 'PersonErased'; data: PersonErasedData };
export type PseudonymEvent =
  | { type: 'PseudonymReserved'; data: PseudonymReservedData }
  | { type: 'PseudonymReleased'; data: PseudonymReleasedData };
export type AgreementEvent = { type: 'AgreementRecorded'; data: AgreementRecordedData };
