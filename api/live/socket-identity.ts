import { DEVICE_ID_PATTERN } from '../../domain/contracts/identity';
import { hasEntropy } from '../../domain/identity/device-id';
import { DomainError } from '../../domain/shared/errors';
import { hashDeviceId } from '../../infra/crypto';
import { identityProjection } from '../../projections/identity';
import { loadAccount } from '../auth/accounts';
import type { AppContext } from '../context';
import { accountSessionOfToken, adminOfToken } from '../http/bearer';
import { askedAgainOnceCaughtUp } from './caught-up';

/** Who is behind a socket, as its identify message proved it. */
export type SocketIdentity = {
  /** The person (user id) the socket acts for, or null for an unregistered device. */
  personId: string | null;
  signedIn: boolean;
  admin: boolean;
};

export const ANONYMOUS: SocketIdentity = { personId: null, signedIn: false, admin: false };

const orNull = async <T>(work: Promise<T>): Promise<T | null> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
};

/**
 * A device's registration, as of everything written before the socket asked: a device
 * registered a moment ago through another process (whose projection this process's read
 * model has not caught up with yet) is looked for again once it has, for READ_WAIT_MS at most.
 */
const registeredDevice = (ctx: AppContext, deviceId: string) => {
  const devices = ctx.readModels.of(identityProjection).devices;
  const _id = hashDeviceId(deviceId);
  return askedAgainOnceCaughtUp(ctx, identityProjection.name, () => devices.findOne({ _id }));
};

/**
 * Resolves an identify message. A device id names a registered device's person; an access
 * token a signed-in account's (it wins when both are given); an admin token an admin.
 * Anything unproven leaves the socket anonymous: it may then follow public topics only.
 */
export const identifySocket = async (
  ctx: AppContext,
  message: {
    deviceId?: string | undefined;
    accessToken?: string | undefined;
    adminToken?: string | undefined;
  },
): Promise<SocketIdentity> => {
  let personId: string | null = null;
  let signedIn = false;
  const { deviceId } = message;
  if (deviceId && DEVICE_ID_PATTERN.test(deviceId) && hasEntropy(deviceId)) {
    personId = (await registeredDevice(ctx, deviceId))?.userId ?? null;
  }
  if (message.accessToken) {
    const session = await orNull(accountSessionOfToken(ctx, message.accessToken));
    const account = session ? await loadAccount(ctx, session.accountId) : null;
    if (account) {
      personId = account.userId;
      signedIn = true;
    }
  }
  const admin = message.adminToken
    ? Boolean(await orNull(adminOfToken(ctx, message.adminToken)))
    : false;
  return { personId, signedIn, admin };
};
