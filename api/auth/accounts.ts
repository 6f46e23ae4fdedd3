import { createHash, createHmac } from 'node:crypto';
import { accountDecider, accountStreamId, type AccountState } from '../../domain/accounts/account';
import { emailStreamId, normalizeEmail } from '../../domain/accounts/email-reservation';
import type { AccountEvent, EmailEvent } from '../../domain/accounts/events';
import { sessionDecider, sessionStreamId } from '../../domain/accounts/sessions';
import type { SessionDto, UserDto } from '../../domain/contracts/auth';
import { fold } from '../../domain/shared/decider';
import { hashPassword } from '../../infra/auth/passwords';
import { unseal } from '../../infra/auth/sealing';
import { signToken } from '../../infra/auth/tokens';
import { randomSecret } from '../../infra/crypto';
import { runCommand } from '../commands/run';
import type { AppContext } from '../context';

export type Account = Extract<AccountState, { exists: true }>;

export const emailHashOf = (ctx: AppContext, email: string) =>
  createHmac('sha256', ctx.auth.keys.emailIndexKey).update(normalizeEmail(email)).digest('hex');

export const refreshSecretHash = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The refresh token's secret that replaces `presented`: a keyed function of it, so retrying an
 * exchange whose answer was lost yields the same token, and nothing secret is stored.
 */
export const nextRefreshSecret = (ctx: AppContext, familyId: string, presented: string) =>
  createHmac('sha256', ctx.auth.keys.refreshKey)
    .update(`${familyId}.${presented}`, 'utf8')
    .digest('base64url');

export const loadAccount = async (ctx: AppContext, accountId: string): Promise<Account | null> => {
  const history = await ctx.events.readStream(accountStreamId(accountId));
  const state = fold(accountDecider, history as unknown as AccountEvent[]);
  return state.exists ? state : null;
};

/** The account holding an email reservation, if that account was ever written. */
export const reservationHolder = async (ctx: AppContext, emailHash: string) => {
  const history = (await ctx.events.readStream(
    emailStreamId(emailHash),
  )) as unknown as EmailEvent[];
  const accountId = history.at(-1)?.data.accountId;
  return accountId ? loadAccount(ctx, accountId) : null;
};

export const userDtoOf = async (ctx: AppContext, account: Account): Promise<UserDto> => ({
  id: account.accountId,
  email: await unseal(ctx.auth.vault, account.email),
  user_metadata: { display_name: account.displayName, confirmed: account.confirmed },
  created_at: account.createdAt,
});

const nowSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);

/** A new access token plus the given refresh token, in the session shape the client keeps. */
export const sessionDto = async (
  ctx: AppContext,
  account: Account,
  familyId: string,
  refreshSecret: string,
): Promise<SessionDto> => {
  const iat = nowSeconds(ctx);
  const exp = iat + ctx.auth.accessTokenSeconds;
  return {
    access_token: await signToken(ctx.auth.keys.tokenKey, {
      sub: account.accountId,
      sid: familyId,
      role: 'authenticated',
      iat,
      exp,
    }),
    refresh_token: `${familyId}.${refreshSecret}`,
    expires_in: ctx.auth.accessTokenSeconds,
    expires_at: exp,
    token_type: 'bearer',
    user: await userDtoOf(ctx, account),
  };
};

/** Opens a new refresh-token family for the account. */
export const startSession = async (ctx: AppContext, account: Account) => {
  const familyId = ctx.newId();
  const secret = randomSecret(32);
  const { position } = await runCommand(ctx, sessionStreamId(familyId), sessionDecider, {
    type: 'StartSession',
    familyId,
    accountId: account.accountId,
    tokenHash: refreshSecretHash(secret),
    at: ctx.clock.now(),
  });
  return { session: await sessionDto(ctx, account, familyId, secret), position };
};

let decoyHash: Promise<string> | undefined;
/**
 * A hash to check unknown emails against, so a miss costs what a hit costs and
 * timing does not tell which addresses have accounts.
 */
export const decoyPasswordHash = (ctx: AppContext) =>
  (decoyHash ??= hashPassword(randomSecret(16), ctx.auth.passwordCost));
