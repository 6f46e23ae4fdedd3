import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Device ids are bearer secrets: only their hash is stored or logged. */
export const hashDeviceId = (deviceId: string): string =>
  createHash('sha256').update(deviceId, 'utf8').digest('hex');

export const newId = (): string => randomUUID();

export const randomSecret = (bytes = 18): string => randomBytes(bytes).toString('base64url');
