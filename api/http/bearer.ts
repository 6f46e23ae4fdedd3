import type { Request } from 'express';
import { adminDecider, adminStreamId } from '../../domain/accounts/admin-sessions';
import type { AdminEvent, SessionEvent } from '../../domain/accounts/events';
import { sessionDecider, sessionStreamId } from '../../domain/accounts/sessions';
import { fold } from '../../domain/shared/decider';
import { unauthorized, unavailable } from '../../domain/shared/errors';
import { verifyToken, type TokenClaims } from '../../infra/auth/tokens';
import { endedByPasswordReset } from '../auth/accounts';
import { isActiveAdmin } from '../commands/admins';
import type { AppContext } from '../context';

export const bearerOf = (req: Request): string | null => {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
};

const claimsOf = async (
  ctx: AppContext,
  token: string | null,
  role: string,
): Promise<TokenClaims | null> => {
  if (!token) return null;
  const claims = await verifyToken(
    ctx.auth.keys.tokenKey,
    token,
    Math.floor(ctx.clock.now().getTime() / 1000),
  );
  return claims && claims.role === role && typeof claims.sid === 'string' ? claims : null;
};

export type AccountSession = { accountId: string; familyId: string };

/** The signed-in account behind the bearer token; 401 when absent, expired or signed out. */
export const accountSessionOf = (ctx: AppContext, req: Request): Promise<AccountSession> =>
  accountSessionOfToken(ctx, bearerOf(req));

/** The same for a token that arrived another way (a socket's identify message). */
export const accountSessionOfToken = async (
  ctx: AppContext,
  token: string | null,
): Promise<AccountSession> => {
  const claims = await claimsOf(ctx, token, 'authenticated');
  if (!claims) throw unauthorized('Invalid JWT', 'Sign in to continue.');
  const familyId = claims.sid as string;
  const history = await ctx.events.readStream(sessionStreamId(familyId));
  const state = fold(sessionDecider, history as unknown as SessionEvent[]);
  if (
    state.revoked ||
    state.accountId !== claims.sub ||
    (await endedByPasswordReset(ctx, claims.sub, history[0]!.position))
  ) {
    throw unauthorized('Invalid JWT', 'Your session has ended. Please sign in again.');
  }
  return { accountId: claims.sub, familyId };
};

export type AdminSession = { username: string; sessionId: string };

/** The admin behind the bearer token; 401 for anyone else, including signed-in members. */
export const adminOf = (ctx: AppContext, req: Request): Promise<AdminSession> =>
  adminOfToken(ctx, bearerOf(req));

export const adminOfToken = async (
  ctx: AppContext,
  token: string | null,
): Promise<AdminSession> => {
  const claims = await claimsOf(ctx, token, 'admin');
  const denied = unauthorized('Admin authentication required', 'Sign in as an admin to continue.');
  if (!claims) throw denied;
  // Only a refusal signs an admin out: a log that cannot be read now is 503, never 401.
  let open: boolean;
  try {
    const active = await isActiveAdmin(ctx, claims.sub);
    const history = active ? await ctx.events.readStream(adminStreamId(claims.sub)) : [];
    open =
      active &&
      fold(adminDecider, history as unknown as AdminEvent[]).open.has(claims.sid as string);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'admin session check failed');
    throw unavailable(
      'Session check failed',
      'Boon could not check the admin session just now. Please try again in a moment.',
    );
  }
  if (!open) throw denied;
  return { username: claims.sub, sessionId: claims.sid as string };
};
