import { z } from 'zod';
import { defineEvent } from '../shared/events';

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

export type DeviceRegisteredData = z.infer<typeof DeviceRegistered.schema>;
export type PseudonymReservedData = z.infer<typeof PseudonymReserved.schema>;

export type DeviceEvent = { type: 'DeviceRegistered'; data: DeviceRegisteredData };
export type PseudonymEvent = { type: 'PseudonymReserved'; data: PseudonymReservedData };
