import { Router } from 'express';
import { accounts } from '../../domain/accounts/account';
import {
  assertOpenLink,
  linkExpired,
  RESET_LINK_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  VERIFICATION_LINK_TTL_MS,
} from '../../domain/accounts/one-time-links';
import type { CheckInboxDto, SignUpDto } from '../../domain/contracts/auth';
import {
  emailOnlyBody,
  resetBody,
  signInLinkBody,
  signUpBody,
  verifyBody,
} from '../../domain/contracts/schemas/auth';
import { DomainError } from '../../domain/shared/errors';
import { seal, unseal } from '../../infra/auth/sealing';
import { randomSecret } from '../../infra/crypto';
import {
  emailHashOf,
  loadAccount,
  newLinkToken,
  parseLinkToken,
  reservationOf,
  startSession,
  type Account,
} from '../auth/accounts';
import { addressOf, checkLink, refuseWhileLimited, takeSlot } from '../auth/attempts';
import { answerBusy } from '../auth/busy';
import { linkDevice, optionalDevice, withPosition } from '../auth/device-link';
import { mayMail } from '../auth/mail-caps';
import { alreadyRegisteredMail, resetMail, sendMail, signInLinkMail } from '../auth/mails';
import {
  MAIL_REQUESTS_PER_ADDRESS,
  SIGN_UPS_OVERALL,
  SIGN_UPS_PER_ADDRESS,
} from '../auth/rate-limiter';
import {
  addressProvenBy,
  completeSignUp,
  createAccount,
  mailVerificationLink,
  refuseWeakPassword,
} from '../auth/sign-up';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { parseInput } from '../http/validation';

const checkInbox = (email: string, ttlMs: number, message: string): CheckInboxDto => ({
  message,
  email,
  link_expires_in: ttlMs / 1000,
});

const SIGN_UP_SENT = 'Check your inbox: we sent you a link to confirm your address.';
const LINK_SENT =
  'Check your inbox: if this address is waiting for confirmation, a new link is on its way.';
const RESET_SENT =
  'Check your inbox: if this address has an account, a link to choose a new password is on its way.';
const SIGN_IN_LINK_SENT =
  'Check your inbox: if this address has an account, a link to sign in is on its way.';

/**
 * Sign-up the way a hosted provider does it with confirmations on: the same answer for a new
 * and a taken address, no session until the mailed link is followed; resend; password reset
 * by a mailed one-time link. A link proves an address and nothing more: the password is the
 * one chosen in the browser that signed up, or one chosen where the link is followed.
 */
export const accountEmailRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/auth/signup', async (req, res) => {
    const body = parseInput(signUpBody, req.body);
    refuseWeakPassword(body.password, body.email);
    optionalDevice(req);
    const email = body.email.trim();
    const emailHash = emailHashOf(ctx, email);
    const byAddress = {
      key: `signup:${addressOf(req)}`,
      rule: {
        ...SIGN_UPS_PER_ADDRESS,
        maxFailures: ctx.auth.signUpsPerAddress ?? SIGN_UPS_PER_ADDRESS.maxFailures,
      },
    };
    const overall = { key: 'signup:all', rule: SIGN_UPS_OVERALL };
    // Past the overall cap (a flood from many addresses) a sign-up is not refused: it proves
    // the address first. No password is hashed or kept (the hash of nothing anyone knows stands
    // in), and whoever follows the mailed link chooses the password there, as another browser
    // does. So a flood spends no key derivations and shuts nobody out.
    refuseWhileLimited(
      ctx,
      res,
      [byAddress],
      (wait) => `Too many sign-ups right now. Try again in ${wait}.`,
      'Too many requests',
    );
    const proofFirst = ctx.auth.limiter.retryAfter(overall.key, overall.rule) > 0;
    // The password is hashed whatever happens next, so the answer's timing tells nothing.
    const passwordHash = await takeSlot(
      ctx,
      res,
      proofFirst ? [byAddress] : [byAddress, overall],
      (wait) => `Too many sign-ups right now. Try again in ${wait}.`,
      () => (proofFirst ? ctx.auth.passwords.decoy() : ctx.auth.passwords.hash(body.password)),
    );
    // Every answer carries one, so a taken address cannot be told apart; it completes nothing
    // for a taken address, nor for a sign-up that proves the address first.
    const signUpToken = randomSecret(32);
    const { email: reservation, account: holder } = await reservationOf(ctx, emailHash);
    if (reservation.verified) {
      const owner = holder && (await unseal(ctx.auth.vault, holder.email));
      if (owner && mayMail(ctx, req, emailHash, true, 'notice')) {
        sendMail(ctx, alreadyRegisteredMail(ctx, owner));
      }
    } else if (mayMail(ctx, req, emailHash, false, 'link')) {
      // Past the caps nothing is written: the links already mailed to the address prove it
      // just as well, and whoever follows one chooses the password there.
      const account = await createAccount(ctx, req, {
        email,
        emailHash,
        passwordHash,
        signUpToken: proofFirst ? null : signUpToken,
      }).catch((error: unknown) => {
        // Another sign-up for the address is under way or just proved it: same answer.
        if (error instanceof DomainError && error.kind === 'conflict') return null;
        throw error;
      });
      if (account) await mailVerificationLink(ctx, account, email);
    }
    res.status(202).json({
      ...checkInbox(email, VERIFICATION_LINK_TTL_MS, SIGN_UP_SENT),
      signup_token: signUpToken,
    } satisfies SignUpDto);
  });

  const accountOfLink = async (token: string) => {
    const parsed = parseLinkToken(token);
    const account = parsed && (await loadAccount(ctx, parsed.accountId));
    if (!parsed || !account) throw linkExpired();
    return { account, tokenHash: parsed.tokenHash };
  };

  router.post('/auth/verify', async (req, res) => {
    const body = parseInput(verifyBody, req.body);
    optionalDevice(req);
    const holder = await checkLink(ctx, req, res, () => addressProvenBy(ctx, body.token));
    const { account, positions } = await checkLink(ctx, req, res, () =>
      completeSignUp(ctx, holder, { signUpToken: body.signup_token, password: body.password }),
    );
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.json(withPosition(session, ...positions, linked, position));
  });

  /** Resend and recover: the same answer whatever the address, one mail per request at most. */
  const mailRequest = (
    path: string,
    ttlMs: number,
    message: string,
    send: (account: Account, to: string, verified: boolean) => Promise<void>,
  ) =>
    router.post(path, async (req, res) => {
      const { email } = parseInput(emailOnlyBody, req.body);
      await takeSlot(
        ctx,
        res,
        [{ key: `mail-requests:${addressOf(req)}`, rule: MAIL_REQUESTS_PER_ADDRESS }],
        (wait) => `Too many requests for mail from here. Try again in ${wait}.`,
        async () => {
          const emailHash = emailHashOf(ctx, email);
          const { email: reservation, account } = await reservationOf(ctx, emailHash);
          const to = account && (await unseal(ctx.auth.vault, account.email));
          if (account && to && mayMail(ctx, req, emailHash, reservation.verified, 'link')) {
            await send(account, to, reservation.verified);
          }
        },
      );
      res.status(202).json(checkInbox(email.trim(), ttlMs, message));
    });

  mailRequest(
    '/auth/resend',
    VERIFICATION_LINK_TTL_MS,
    LINK_SENT,
    async (account, to, verified) => {
      if (!verified) await mailVerificationLink(ctx, account, to);
    },
  );

  // Only a proven address gets a reset link: resetting an unproven sign-up would hand its
  // maker's identity to whoever reads the mail. Its owner signs up again instead.
  mailRequest('/auth/recover', RESET_LINK_TTL_MS, RESET_SENT, async (account, to, verified) => {
    if (!verified) return;
    const { token, tokenHash } = newLinkToken(account.accountId);
    await handle(ctx, accounts, {
      accountId: account.accountId,
      type: 'RequestPasswordReset',
      tokenHash,
      at: ctx.clock.now(),
    });
    sendMail(ctx, resetMail(ctx, to, token));
  });

  // The way in of an owner whom guessing elsewhere has throttled: a link only their mailbox
  // gets, which no guesser can use. Only a proven address gets one.
  mailRequest(
    '/auth/signin-link',
    SIGN_IN_LINK_TTL_MS,
    SIGN_IN_LINK_SENT,
    async (account, to, verified) => {
      if (!verified) return;
      const { token, tokenHash } = newLinkToken(account.accountId);
      await handle(ctx, accounts, {
        accountId: account.accountId,
        type: 'RequestSignInLink',
        tokenHash,
        at: ctx.clock.now(),
      });
      sendMail(ctx, signInLinkMail(ctx, to, token));
    },
  );

  /** Signs in once by a mailed link, whatever the guessing throttle says, and knows the browser. */
  router.post('/auth/signin-link/use', async (req, res) => {
    const { token } = parseInput(signInLinkBody, req.body);
    optionalDevice(req);
    const { account, position: used } = await checkLink(ctx, req, res, async () => {
      const { account, tokenHash } = await accountOfLink(token);
      const { email } = await reservationOf(ctx, account.emailHash);
      if (!email.verified || email.accountId !== account.accountId) throw linkExpired();
      // An erased account (its key destroyed) is gone: no link mailed before brings it back.
      if ((await unseal(ctx.auth.vault, account.email)) === null) throw linkExpired();
      const { position } = await handle(ctx, accounts, {
        accountId: account.accountId,
        type: 'UseSignInLink',
        tokenHash,
        at: ctx.clock.now(),
      });
      return { account, position };
    });
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.json(withPosition(session, used, linked, position));
  });

  router.post('/auth/reset', async (req, res) => {
    const { token, password } = parseInput(resetBody, req.body);
    const { account, tokenHash, email } = await checkLink(ctx, req, res, async () => {
      const { account, tokenHash } = await accountOfLink(token);
      assertOpenLink(account.resetLinks, tokenHash, ctx.clock.now());
      const email = await unseal(ctx.auth.vault, account.email);
      if (!email) throw linkExpired();
      return { account, tokenHash, email };
    });
    refuseWeakPassword(password, email);
    const hash = await ctx.auth.passwords.hash(password);
    const passwordHash = await seal(ctx.auth.vault, account.accountId, hash);
    // The decider checks the link again under the stream's lock: it works exactly once.
    const { position } = await checkLink(ctx, req, res, () =>
      handle(ctx, accounts, {
        accountId: account.accountId,
        type: 'ResetPassword',
        tokenHash,
        passwordHash,
        at: ctx.clock.now(),
      }),
    );
    res.json(
      withPosition({ message: 'Your password was changed. Sign in with the new one.' }, position),
    );
  });

  router.use(answerBusy);
  return router;
};
