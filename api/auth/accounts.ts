import { createHash, createHmac } from 'node:crypto';
import { accountDecider, accountStreamId, type AccountState } from '../../domain/accounts/account';
import {
  emailDecider,
  emailStreamId,
  normalizeEmail,
  type EmailState,
} from '../../domain/accounts/email-reservation';
import type { AccountEvent, EmailEvent } from '../../domain/accounts/events';
import { sessions } from '../../domain/accounts/sessions';
import type { SessionDto, UserDto } from '../../domain/contracts/auth';
import { fold } from '../../domain/shared/decider';
import { issueKnownBrowserToken } from '../../infra/auth/known-browser';
import { unseal } from '../../infra/auth/sealing';
import { signToken } from '../../infra/auth/tokens';
import { randomSecret } from '../../infra/crypto';
import { handle } from '../commands/run';
import type { AppContext } from '../context';

export type Account = Extract<AccountState, { exists: true }>;

export const emailHashOf = (ctx: AppContext, email: string) =>
  createHmac('sha256', ctx.auth.keys.emailIndexKey).update(normalizeEmail(email)).digest('hex');

/** SHA-256, for secrets with 256 random bits (refresh tokens, mailed links): nothing to guess. */
export const secretHash = (secret: string) =>
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

/** An address's reservation, and the account holding it if that account was ever written. */
export const reservationOf = async (
  ctx: AppContext,
  emailHash: string,
): Promise<{ email: EmailState; account: Account | null }> => {
  const history = (await ctx.events.readStream(
    emailStreamId(emailHash),
  )) as unknown as EmailEvent[];
  const email = fold(emailDecider, history);
  return { email, account: email.accountId ? await loadAccount(ctx, email.accountId) : null };
};

/** A mailed link's token: the account it is for and a secret only the mail carries. */
export const newLinkToken = (accountId: string) => {
  const secret = randomSecret(32);
  return { token: `${accountId}.${secret}`, tokenHash: secretHash(secret) };
};

const LINK_TOKEN = /^([\w-]{1,64})\.([\w-]{16,128})$/;

/** The account and secret hash a link's token names; null for anything we never sent. */
export const parseLinkToken = (token: string) => {
  const match = LINK_TOKEN.exec(token);
  return match ? { accountId: match[1]!, tokenHash: secretHash(match[2]!) } : null;
};

export const userDtoOf = async (ctx: AppContext, account: Account): Promise<UserDto> => ({
  id: account.accountId,
  email: await unseal(ctx.auth.vault, account.email),
  user_metadata: { display_name: account.displayName, confirmed: account.confirmed },
  created_at: account.createdAt,
});

const nowSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);

export const accountSubject = (accountId: string) => `account:${accountId}`;
export const adminSubject = (username: string) => `admin:${username}`;

export const newKnownBrowserToken = (ctx: AppContext, subject: string) =>
  issueKnownBrowserToken(ctx.auth.keys.knownBrowserKey, subject, nowSeconds(ctx));

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

/**
 * Opens a new refresh-token family for the account. The answer carries a fresh known-browser
 * token: the browser that proved the password (or the mailbox) is known from now on.
 */
export const startSession = async (ctx: AppContext, account: Account) => {
  const familyId = ctx.newId();
  const secret = randomSecret(32);
  const { position } = await handle(ctx, sessions, {
    type: 'StartSession',
    familyId,
    accountId: account.accountId,
    tokenHash: secretHash(secret),
    at: ctx.clock.now(),
  });
  const session: SessionDto = {
    ...(await sessionDto(ctx, account, familyId, secret)),
    known_browser_token: newKnownBrowserToken(ctx, accountSubject(account.accountId)),
  };
  return { session, position };
};

/**
 * Whether the account's password was reset after the session (whose first event sits at
 * `startedAt` in the log) began: a reset ends every session that existed before it.
 */
export const endedByPasswordReset = async (
  ctx: AppContext,
  accountId: string,
  startedAt: bigint,
) => {
  const history = await ctx.events.readStream(accountStreamId(accountId));
  const lastReset = history.findLast((event) => event.type === 'PasswordReset');
  return lastReset !== undefined && lastReset.position > startedAt;
};
