import { Router, type Request, type Response } from 'express';
import { accounts } from '../../domain/accounts/account';
import { emailReservations } from '../../domain/accounts/email-reservation';
import {
  assertOpenLink,
  linkExpired,
  RESET_LINK_TTL_MS,
  VERIFICATION_LINK_TTL_MS,
} from '../../domain/accounts/one-time-links';
import { weakPasswordReasons } from '../../domain/accounts/password-policy';
import type { CheckInboxDto } from '../../domain/contracts/auth';
import {
  emailOnlyBody,
  resetBody,
  signUpBody,
  verifyBody,
} from '../../domain/contracts/schemas/auth';
import { DomainError, invalid } from '../../domain/shared/errors';
import { seal, unseal } from '../../infra/auth/sealing';
import {
  emailHashOf,
  loadAccount,
  newLinkToken,
  parseLinkToken,
  reservationOf,
  startSession,
  type Account,
} from '../auth/accounts';
import { addressOf, refuseWhileLimited, takeSlot } from '../auth/attempts';
import { answerBusy } from '../auth/busy';
import { deviceStateOf, linkDevice, optionalDevice, withPosition } from '../auth/device-link';
import { alreadyRegisteredMail, resetMail, sendMail, verificationMail } from '../auth/mails';
import {
  BAD_LINKS_PER_ADDRESS,
  MAIL_REQUESTS_PER_ADDRESS,
  MAILS_PER_RECIPIENT,
  SIGN_UPS_OVERALL,
  SIGN_UPS_PER_ADDRESS,
} from '../auth/rate-limiter';
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

/**
 * Sign-up the way a hosted provider does it with confirmations on: the same answer for a new
 * and a taken address, no session until the mailed link is followed; resend; password reset
 * by a mailed one-time link.
 */
export const accountEmailRoutes = (ctx: AppContext) => {
  const router = Router();

  /** Whether one more mail may go to this address this hour (whoever asks for it). */
  const mayMail = (emailHash: string) => {
    const key = `mail-to:${emailHash}`;
    if (ctx.auth.limiter.retryAfter(key, MAILS_PER_RECIPIENT) > 0) return false;
    ctx.auth.limiter.recordFailure(key, MAILS_PER_RECIPIENT);
    return true;
  };

  const mailVerificationLink = async (account: Account, to: string) => {
    const { token, tokenHash } = newLinkToken(account.accountId);
    await handle(ctx, accounts, {
      accountId: account.accountId,
      type: 'RequestEmailVerification',
      tokenHash,
      at: ctx.clock.now(),
    });
    sendMail(ctx, verificationMail(ctx, to, token));
  };

  /** A new account for an address nobody has proven yet, and its verification mail. */
  const createAccount = async (req: Request, email: string, emailHash: string, hash: string) => {
    // A device that already takes part brings its identity (and so its history) along.
    const device = optionalDevice(req);
    const deviceState = device ? await deviceStateOf(ctx, device.deviceHash) : null;
    const adopt = deviceState?.userId && !deviceState.accountId ? deviceState : null;
    const accountId = ctx.newId();
    const at = ctx.clock.now();
    await handle(ctx, emailReservations, {
      type: 'ReserveEmail',
      emailHash,
      accountId,
      holderExists: (await reservationOf(ctx, emailHash)).account !== null,
      at,
    });
    await handle(ctx, accounts, {
      type: 'SignUp',
      accountId,
      userId: adopt?.userId ?? ctx.newId(),
      emailHash,
      email: await seal(ctx.auth.vault, accountId, email),
      passwordHash: await seal(ctx.auth.vault, accountId, hash),
      displayName: adopt?.pseudonym ?? null,
      confirmed: adopt !== null,
      at,
    });
    await mailVerificationLink((await loadAccount(ctx, accountId))!, email);
  };

  router.post('/auth/signup', async (req, res) => {
    const body = parseInput(signUpBody, req.body);
    const weak = weakPasswordReasons(body.password, body.email);
    if (weak.length > 0) {
      throw invalid('password', 'Weak password', `Password is too weak: ${weak.join('; ')}.`);
    }
    optionalDevice(req);
    const email = body.email.trim();
    const emailHash = emailHashOf(ctx, email);
    // The password is hashed whatever happens next, so the answer's timing tells nothing.
    const hash = await takeSlot(
      ctx,
      res,
      [
        {
          key: `signup:${addressOf(req)}`,
          rule: {
            ...SIGN_UPS_PER_ADDRESS,
            maxFailures: ctx.auth.signUpsPerAddress ?? SIGN_UPS_PER_ADDRESS.maxFailures,
          },
        },
        { key: 'signup:all', rule: SIGN_UPS_OVERALL },
      ],
      (wait) => `Too many sign-ups right now. Try again in ${wait}.`,
      () => ctx.auth.passwords.hash(body.password),
    );
    const { email: reservation, account: holder } = await reservationOf(ctx, emailHash);
    if (mayMail(emailHash)) {
      if (reservation.verified) {
        const owner = holder && (await unseal(ctx.auth.vault, holder.email));
        if (owner) sendMail(ctx, alreadyRegisteredMail(ctx, owner));
      } else {
        await createAccount(req, email, emailHash, hash).catch((error: unknown) => {
          // Another sign-up for the address is under way or just proved it: same answer.
          if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
        });
      }
    }
    res.status(202).json(checkInbox(email, VERIFICATION_LINK_TTL_MS, SIGN_UP_SENT));
  });

  /** Runs a link's check; a link that does not work counts against the caller's address. */
  const withLink = async <T>(req: Request, res: Response, check: () => Promise<T>) => {
    const limit = { key: `bad-links:${addressOf(req)}`, rule: BAD_LINKS_PER_ADDRESS };
    refuseWhileLimited(
      ctx,
      res,
      [limit],
      (wait) => `Too many links that did not work. Try again in ${wait}.`,
    );
    try {
      return await check();
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'invalid') {
        ctx.auth.limiter.recordFailure(limit.key, limit.rule);
      }
      throw error;
    }
  };

  const accountOfLink = async (token: string) => {
    const parsed = parseLinkToken(token);
    const account = parsed && (await loadAccount(ctx, parsed.accountId));
    if (!parsed || !account) throw linkExpired();
    return { account, tokenHash: parsed.tokenHash };
  };

  router.post('/auth/verify', async (req, res) => {
    const { token } = parseInput(verifyBody, req.body);
    optionalDevice(req);
    const { account, verified } = await withLink(req, res, async () => {
      const { account, tokenHash } = await accountOfLink(token);
      const at = ctx.clock.now();
      assertOpenLink(account.verificationLinks, tokenHash, at);
      const { position } = await handle(ctx, emailReservations, {
        type: 'VerifyEmail',
        emailHash: account.emailHash,
        accountId: account.accountId,
        at,
      });
      return { account, verified: position };
    });
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.json(withPosition(session, verified, linked, position));
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
          if (account && to && mayMail(emailHash)) await send(account, to, reservation.verified);
        },
      );
      res.status(202).json(checkInbox(email.trim(), ttlMs, message));
    });

  mailRequest(
    '/auth/resend',
    VERIFICATION_LINK_TTL_MS,
    LINK_SENT,
    async (account, to, verified) => {
      if (!verified) await mailVerificationLink(account, to);
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

  router.post('/auth/reset', async (req, res) => {
    const { token, password } = parseInput(resetBody, req.body);
    const { account, tokenHash, email } = await withLink(req, res, async () => {
      const { account, tokenHash } = await accountOfLink(token);
      assertOpenLink(account.resetLinks, tokenHash, ctx.clock.now());
      const email = await unseal(ctx.auth.vault, account.email);
      if (!email) throw linkExpired();
      return { account, tokenHash, email };
    });
    const weak = weakPasswordReasons(password, email);
    if (weak.length > 0) {
      throw invalid('password', 'Weak password', `Password is too weak: ${weak.join('; ')}.`);
    }
    const hash = await ctx.auth.passwords.hash(password);
    const passwordHash = await seal(ctx.auth.vault, account.accountId, hash);
    // The decider checks the link again under the stream's lock: it works exactly once.
    const { position } = await withLink(req, res, () =>
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
