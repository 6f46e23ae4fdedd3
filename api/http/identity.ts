import type { Request } from 'express';
import { DEVICE_ID_PATTERN } from '../../domain/contracts/identity';
import { hasEntropy } from '../../domain/identity/device-id';
import { deviceDecider, deviceStreamId } from '../../domain/identity/devices';
import { DomainError, forbidden } from '../../domain/shared/errors';
import { hashDeviceId } from '../../infra/crypto';
import type { DeviceDoc } from '../../projections/identity';
import { currentState } from '../commands/run';
import type { AppContext } from '../context';

export type Device = { deviceId: string; deviceHash: string };

export type Actor = Device & { userId: string; pseudonym: string };

/** The caller's device from X-Device-ID; a missing or malformed id is a 400 naming the header. */
export const deviceOf = (req: Request): Device => {
  const deviceId = req.get('x-device-id');
  if (!deviceId) {
    throw new DomainError(
      'invalid',
      'Device required',
      'The X-Device-ID header is required.',
      'X-Device-ID',
    );
  }
  if (!DEVICE_ID_PATTERN.test(deviceId)) {
    throw new DomainError(
      'invalid',
      'Invalid device',
      'X-Device-ID must be 22–128 letters, digits, "-" or "_".',
      'X-Device-ID',
    );
  }
  // A bearer secret anyone could guess is no secret: the id must look as random as it must be.
  if (!hasEntropy(deviceId)) {
    throw new DomainError(
      'invalid',
      'Invalid device',
      'X-Device-ID must be random (128 random bits or more): this one repeats a pattern.',
      'X-Device-ID',
    );
  }
  return { deviceId, deviceHash: hashDeviceId(deviceId) };
};

/** Stands for the caller's own device in a path, so the id (a bearer secret) stays out of URLs. */
export const OWN_DEVICE = 'me';

/**
 * The device named in the path (`:deviceId`), which must be the caller's own. `me` names the
 * device in X-Device-ID, and is what paths carry: the id is a bearer secret, and proxies log
 * paths, not that header. An id in the path is never the credential: without X-Device-ID it
 * is refused (400 naming it), and with a header naming another device it is refused (403).
 */
export const ownDeviceInPath = (req: Request, what: string): Device => {
  if (req.params.deviceId === OWN_DEVICE) return deviceOf(req);
  if (!req.get('x-device-id')) {
    throw new DomainError(
      'invalid',
      'Device id in the path',
      `A device id is a secret, not a credential in a path: send it as X-Device-ID and ask for /${OWN_DEVICE}.`,
      'deviceId',
    );
  }
  const caller = deviceOf(req);
  if (caller.deviceId !== req.params.deviceId) {
    throw forbidden('Not your device', `A device's ${what} is only shown to that device.`);
  }
  return caller;
};

/**
 * For commands: the registered actor behind the device, read from the device's own
 * stream (the authority), so a command right after registration never misses it.
 */
export const actorForCommand = async (ctx: AppContext, req: Request): Promise<Actor> => {
  const device = deviceOf(req);
  const state = await currentState(ctx, deviceStreamId(device.deviceHash), deviceDecider);
  if (state.userId === null || state.pseudonym === null) {
    throw forbidden('Registration required', 'Choose a pseudonym before taking part.');
  }
  return { ...device, userId: state.userId, pseudonym: state.pseudonym };
};

/** For queries: the actor as the read model knows it, or null for an unregistered device. */
export const actorForQuery = async (ctx: AppContext, req: Request): Promise<Actor | null> => {
  const device = deviceOf(req);
  const doc = await ctx.readModels
    .collection<DeviceDoc>('devices')
    .findOne({ _id: device.deviceHash });
  return doc ? { ...device, userId: doc.userId, pseudonym: doc.pseudonym } : null;
};
