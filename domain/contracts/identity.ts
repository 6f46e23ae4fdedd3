import { z } from 'zod';

export const setupBody = z.strictObject({
  pseudonym: z.string({ error: 'pseudonym must be a string' }).trim().min(1, 'Choose a pseudonym'),
  privacyConsent: z.boolean({ error: 'privacyConsent must be true or false' }),
  termsConsent: z.boolean({ error: 'termsConsent must be true or false' }),
  onboarded: z.boolean().optional(),
});
export type SetupBody = z.infer<typeof setupBody>;

export type GeneratePseudonymsDto = { pseudonyms: string[] };
export type DeviceRegistrationDto = { deviceId: string; pseudonym: string; isRegistered: boolean };
export type PseudonymDto = { pseudonym: string };

/** Device ids are bearer secrets: at least 128 random bits, as 32+ url-safe characters. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
