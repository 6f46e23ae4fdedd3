import type { Request } from 'express';
import { deviceDecider, deviceStreamId, devices } from '../../domain/identity/devices';
import type { DeviceEvent } from '../../domain/identity/events';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { deviceOf } from '../http/identity';
import type { Account } from './accounts';

export const deviceStateOf = async (ctx: AppContext, deviceHash: string) =>
  fold(
    deviceDecider,
    (await ctx.events.readStream(deviceStreamId(deviceHash))) as unknown as DeviceEvent[],
  );

/** The calling device, when it sent one; a malformed id is refused before any work. */
export const optionalDevice = (req: Request) => (req.get('x-device-id') ? deviceOf(req) : null);

/**
 * The calling device starts acting for the account when that keeps everyone's history whole:
 * a fresh device, or one already taking part as this account's identity.
 */
export const linkDevice = async (ctx: AppContext, req: Request, account: Account) => {
  const device = optionalDevice(req);
  if (!device || !account.displayName) return null;
  try {
    const { position } = await handle(ctx, devices, {
      type: 'LinkDeviceToAccount',
      deviceHash: device.deviceHash,
      accountId: account.accountId,
      userId: account.userId,
      pseudonym: account.displayName,
      at: ctx.clock.now(),
    });
    return position;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return null;
    throw error;
  }
};

/** The body with the latest of the positions its commands answered (for read-your-writes). */
export const withPosition = <T extends object>(body: T, ...positions: (bigint | null)[]) => {
  const last = positions.filter((p): p is bigint => p !== null).sort((a, b) => (a < b ? 1 : -1))[0];
  return { ...body, position: last?.toString() ?? null };
};
