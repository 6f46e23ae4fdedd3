import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { accountSessionOf, adminOf, type AccountSession, type AdminSession } from './bearer';
import { actorForCommand, actorForQuery, deviceOf, type Actor, type Device } from './identity';

/** Who is calling, as the guards in front of a route established it. */
type Caller = {
  device?: Device;
  participant?: Actor;
  reader?: Actor | null;
  account?: AccountSession;
  admin?: AdminSession;
};

declare module 'express-serve-static-core' {
  // Augmenting Express's Request needs declaration merging, which only an interface has.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Request {
    caller?: Caller;
  }
}

const guard =
  (establish: (req: Request) => Promise<Partial<Caller>> | Partial<Caller>): RequestHandler =>
  async (req: Request, _res: Response, next: NextFunction) => {
    try {
      req.caller = { ...req.caller, ...(await establish(req)) };
      next();
    } catch (error) {
      next(error);
    }
  };

/** X-Device-ID present and well formed (400 naming the header otherwise). */
export const requireDevice: RequestHandler = guard((req) => ({ device: deviceOf(req) }));

/**
 * A registered device's person, from the device's own stream (the authority), for commands:
 * 403 'Registration required' otherwise.
 */
export const requireRegistered = (ctx: AppContext): RequestHandler =>
  guard(async (req) => {
    const participant = await actorForCommand(ctx, req);
    return { device: participant, participant };
  });

/** The device's person as the read models know it, or nobody (an unregistered device), for queries. */
export const identifyReader = (ctx: AppContext): RequestHandler =>
  guard(async (req) => {
    const reader = await actorForQuery(ctx, req);
    return { device: deviceOf(req), reader };
  });

/** A signed-in account's session (401 otherwise). */
export const requireAccount = (ctx: AppContext): RequestHandler =>
  guard(async (req) => ({ account: await accountSessionOf(ctx, req) }));

/** An admin's session (401 for anyone else, members included). */
export const requireAdmin = (ctx: AppContext): RequestHandler =>
  guard(async (req) => ({ admin: await adminOf(ctx, req) }));

const established = <K extends keyof Caller>(req: Request, key: K, guardName: string) => {
  const value = req.caller?.[key];
  if (value === undefined) throw new Error(`Route reads ${key} without ${guardName} in front`);
  return value as NonNullable<Caller[K]> | (K extends 'reader' ? null : never);
};

export const callerDevice = (req: Request): Device => established(req, 'device', 'requireDevice');
export const participantOf = (req: Request): Actor =>
  established(req, 'participant', 'requireRegistered');
export const readerOf = (req: Request): Actor | null =>
  established(req, 'reader', 'identifyReader');
export const accountOf = (req: Request): AccountSession =>
  established(req, 'account', 'requireAccount');
export const adminSessionOf = (req: Request): AdminSession =>
  established(req, 'admin', 'requireAdmin');
