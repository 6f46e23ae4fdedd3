export type { SetupBody } from './schemas/identity';

export type GeneratePseudonymsDto = { pseudonyms: string[] };
export type DeviceRegistrationDto = { deviceId: string; pseudonym: string; isRegistered: boolean };
export type PseudonymDto = { pseudonym: string };

/** Device ids are bearer secrets: at least 128 random bits, as 32+ url-safe characters. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
