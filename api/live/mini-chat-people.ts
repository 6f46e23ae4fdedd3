import { createHmac } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors';
import { identityProjection } from '../../projections/identity';
import { loadAccount } from '../auth/accounts';
import type { AppContext } from '../context';
import { accountSessionOfToken } from '../http/bearer';

export type ChatProfile = { pseudonym: string };

/** What the chat calls someone signed in whose account has no pseudonym on any device. */
export const NAMELESS = 'Anonymous';

/** The display name of the account behind an access token, if it has one. */
const accountName = async (ctx: AppContext, accessToken: string | undefined) => {
  if (!accessToken) return null;
  try {
    const session = await accountSessionOfToken(ctx, accessToken);
    return (await loadAccount(ctx, session.accountId))?.displayName ?? null;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
};

/**
 * How a person appears in the live chat: their device's pseudonym (else their account's
 * name), and nothing else. Never today's archetype: the Mini promises that the path someone
 * took is not linked to their pseudonym.
 */
export const chatProfile = async (
  ctx: AppContext,
  personId: string,
  accessToken: string | undefined,
): Promise<ChatProfile> => {
  const device = await ctx.readModels.of(identityProjection).devices.findOne({ userId: personId });
  return { pseudonym: device?.pseudonym ?? (await accountName(ctx, accessToken)) ?? NAMELESS };
};

const keyed = (ctx: AppContext, what: string) =>
  createHmac('sha256', ctx.auth.keys.tokenKey).update(what).digest('base64url').slice(0, 22);

/**
 * The id the chat shows for a person: keyed with the server's secret, so every process gives
 * the same person the same id while no one can tell whose user id it stands for.
 */
export const publicUserId = (ctx: AppContext, personId: string) =>
  keyed(ctx, `mini-live-chat:${personId}`);

/** A client address as presence counts it: the same on every process, and no address kept. */
export const addressKey = (ctx: AppContext, address: string) =>
  keyed(ctx, `mini-live-address:${address}`);
