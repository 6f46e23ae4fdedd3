import type { Request } from 'express';
import { accounts } from '../../domain/accounts/account';
import type { Sealed } from '../../domain/accounts/events';
import { emailReservations } from '../../domain/accounts/email-reservation';
import { assertOpenLink, linkExpired } from '../../domain/accounts/one-time-links';
import { weakPasswordReasons } from '../../domain/accounts/password-policy';
import { CHOOSE_PASSWORD_TITLE } from '../../domain/contracts/auth';
import { invalid } from '../../domain/shared/errors';
import { seal, unseal } from '../../infra/auth/sealing';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import {
  loadAccount,
  newLinkToken,
  parseLinkToken,
  reservationOf,
  secretHash,
  type Account,
} from './accounts';
import { deviceStateOf, optionalDevice } from './device-link';
import { sendMail, verificationMail } from './mails';

export const refuseWeakPassword = (password: string, email: string) => {
  const weak = weakPasswordReasons(password, email);
  if (weak.length > 0) {
    throw invalid('password', 'Weak password', `Password is too weak: ${weak.join('; ')}.`);
  }
};

export const mailVerificationLink = async (ctx: AppContext, account: Account, to: string) => {
  const { token, tokenHash } = newLinkToken(account.accountId);
  await handle(ctx, accounts, {
    accountId: account.accountId,
    type: 'RequestEmailVerification',
    tokenHash,
    at: ctx.clock.now(),
  });
  sendMail(ctx, verificationMail(ctx, to, token));
};

/**
 * A new account for an address nobody has proven yet (taking it over from an earlier
 * sign-up that nobody completed). Only the browser holding `signUpToken` completes it with
 * this password (with none, whoever follows the link chooses it); a device that already takes
 * part brings its identity (and so its history) along, which is why no one else's link
 * completion may keep that identity.
 */
export const createAccount = async (
  ctx: AppContext,
  req: Request,
  sign: { email: string; emailHash: string; passwordHash: string; signUpToken: string | null },
) => {
  const device = optionalDevice(req);
  const deviceState = device ? await deviceStateOf(ctx, device.deviceHash) : null;
  const adopt = deviceState?.userId && !deviceState.accountId ? deviceState : null;
  const accountId = ctx.newId();
  const at = ctx.clock.now();
  await handle(ctx, emailReservations, {
    type: 'ReserveEmail',
    emailHash: sign.emailHash,
    accountId,
    holderExists: (await reservationOf(ctx, sign.emailHash)).account !== null,
    at,
  });
  await handle(ctx, accounts, {
    type: 'SignUp',
    accountId,
    userId: adopt?.userId ?? ctx.newId(),
    emailHash: sign.emailHash,
    email: await seal(ctx.auth.vault, accountId, sign.email),
    passwordHash: await seal(ctx.auth.vault, accountId, sign.passwordHash),
    displayName: adopt?.pseudonym ?? null,
    confirmed: adopt !== null,
    signUpTokenHash: sign.signUpToken === null ? null : secretHash(sign.signUpToken),
    at,
  });
  return (await loadAccount(ctx, accountId))!;
};

const alreadyUsed = () =>
  invalid(
    'token',
    'Link already used',
    'This address is confirmed already. Sign in with your email and password.',
  );

/**
 * What a verification link proves: that whoever follows it reads the mail of the address it
 * was sent to. Any link mailed to the address does, whichever sign-up asked for it (a stranger
 * signing up the owner's address sends the owner links the owner can use). Answers the
 * account now holding the address, still waiting for its proof.
 */
export const addressProvenBy = async (ctx: AppContext, token: string) => {
  const parsed = parseLinkToken(token);
  const linked = parsed && (await loadAccount(ctx, parsed.accountId));
  if (!parsed || !linked) throw linkExpired();
  assertOpenLink(linked.verificationLinks, parsed.tokenHash, ctx.clock.now());
  const { email, account } = await reservationOf(ctx, linked.emailHash);
  if (email.verified) throw alreadyUsed();
  if (!account) throw linkExpired();
  return account;
};

/**
 * Completes the sign-up of `holder` once its address is proven. The browser that signed up
 * (its sign-up token) completes it as started; any other browser must choose the password
 * here, and the account starts on a fresh identity: a password or identity chosen in another
 * browser never becomes the account's because a link was followed.
 */
export const completeSignUp = async (
  ctx: AppContext,
  holder: Account,
  given: { signUpToken?: string | undefined; password?: string | undefined },
) => {
  const startedHere =
    given.signUpToken !== undefined &&
    holder.signUpTokenHash !== null &&
    secretHash(given.signUpToken) === holder.signUpTokenHash;
  const positions: bigint[] = [];
  let chosen: { userId: string; passwordHash: Sealed } | null = null;
  if (!startedHere) {
    if (given.password === undefined) {
      throw invalid(
        'password',
        CHOOSE_PASSWORD_TITLE,
        'Your address is confirmed by this link. Choose the password for your account.',
      );
    }
    const email = await unseal(ctx.auth.vault, holder.email);
    if (!email) throw linkExpired();
    refuseWeakPassword(given.password, email);
    const hash = await ctx.auth.passwords.hash(given.password);
    chosen = {
      userId: ctx.newId(),
      passwordHash: await seal(ctx.auth.vault, holder.accountId, hash),
    };
  }
  // The link is used here, in one append on the account's stream: of browsers following it at
  // once, one completes the sign-up (and sets its password); every other is refused unchanged.
  const followed = await handle(ctx, accounts, {
    type: 'FollowSignUpLink',
    accountId: holder.accountId,
    chosen,
    at: ctx.clock.now(),
  });
  if (followed.position !== null) positions.push(followed.position);
  const verified = await handle(ctx, emailReservations, {
    type: 'VerifyEmail',
    emailHash: holder.emailHash,
    accountId: holder.accountId,
    at: ctx.clock.now(),
  });
  if (verified.position !== null) positions.push(verified.position);
  return { account: (await loadAccount(ctx, holder.accountId))!, positions };
};
