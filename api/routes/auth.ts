import { Router } from 'express';
import { accounts } from '../../domain/accounts/account';
import { invalidRefreshToken, sessionStreamId, sessions } from '../../domain/accounts/sessions';
import type { UserDto } from '../../domain/contracts/auth';
import { refreshBody, signInBody, updateUserBody } from '../../domain/contracts/schemas/auth';
import { conflict, forbidden, unauthorized } from '../../domain/shared/errors';
import { knownBrowserId } from '../../infra/auth/known-browser';
import { unseal } from '../../infra/auth/sealing';
import {
  accountSubject,
  emailHashOf,
  endedByPasswordReset,
  loadAccount,
  nextRefreshSecret,
  reservationOf,
  secretHash,
  sessionDto,
  startSession,
  userDtoOf,
} from '../auth/accounts';
import { guardAttempt } from '../auth/attempts';
import { answerBusy } from '../auth/busy';
import { deviceStateOf, linkDevice, optionalDevice, withPosition } from '../auth/device-link';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireDevice, requireAccount, callerDevice, accountOf } from '../http/guards';
import { parseInput } from '../http/validation';

const emailNotConfirmed = () =>
  forbidden(
    'Email not confirmed',
    'Confirm your email first: open the link we sent you, or ask for a new one.',
  );

/** Sign-in, sessions and account metadata; sign-up and mailed links are in account-email.ts. */
export const authRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/auth/signin', async (req, res) => {
    const body = parseInput(signInBody, req.body);
    optionalDevice(req);
    const emailHash = emailHashOf(ctx, body.email);
    const { email, account } = await reservationOf(ctx, emailHash);
    const knownBrowser = account
      ? knownBrowserId(
          ctx.auth.keys.knownBrowserKey,
          accountSubject(account.accountId),
          body.known_browser_token,
          Math.floor(ctx.clock.now().getTime() / 1000),
        )
      : null;
    const attempt = guardAttempt(
      ctx,
      req,
      res,
      emailHash,
      knownBrowser,
      'sign in with a link we mail you',
    );
    const stored = account && (await unseal(ctx.auth.vault, account.passwordHash));
    // An unknown email costs what a known one costs: timing does not tell who has an account.
    const matches = await ctx.auth.passwords.verify(
      body.password,
      stored ?? (await ctx.auth.passwords.decoy()),
    );
    if (!account || !stored || !matches) {
      attempt.failed();
      throw unauthorized('Sign In Failed', 'Invalid login credentials');
    }
    attempt.succeeded();
    if (!email.verified) throw emailNotConfirmed();
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.json(withPosition(session, position, linked));
  });

  router.post('/auth/refresh', async (req, res) => {
    const { refresh_token } = parseInput(refreshBody, req.body);
    const [familyId, secret, ...rest] = refresh_token.split('.');
    if (!familyId || !secret || rest.length > 0) throw invalidRefreshToken();
    const started = (await ctx.events.readStream(sessionStreamId(familyId)))[0];
    const accountId = (started?.data as { accountId?: string } | undefined)?.accountId;
    if (!started || !accountId) throw invalidRefreshToken();
    if (await endedByPasswordReset(ctx, accountId, started.position)) throw invalidRefreshToken();
    const nextSecret = nextRefreshSecret(ctx, familyId, secret);
    const { events, position } = await handle(ctx, sessions, {
      familyId,
      type: 'RefreshSession',
      presentedHash: secretHash(secret),
      nextHash: secretHash(nextSecret),
      at: ctx.clock.now(),
    });
    if (events.some((e) => e.type === 'SessionRevoked')) throw invalidRefreshToken();
    const account = await loadAccount(ctx, accountId);
    if (!account) throw invalidRefreshToken();
    res.json(withPosition(await sessionDto(ctx, account, familyId, nextSecret), position));
  });

  router.post('/auth/signout', requireAccount(ctx), async (req, res) => {
    const session = accountOf(req);
    await handle(ctx, sessions, {
      familyId: session.familyId,
      type: 'EndSession',
      at: ctx.clock.now(),
    });
    res.status(204).end();
  });

  router.get('/auth/session', requireAccount(ctx), async (req, res) => {
    const session = accountOf(req);
    const account = await loadAccount(ctx, session.accountId);
    if (!account) throw unauthorized('Invalid JWT', 'Sign in to continue.');
    res.json({ user: await userDtoOf(ctx, account) } satisfies { user: UserDto });
  });

  router.patch('/auth/user', requireAccount(ctx), requireDevice, async (req, res) => {
    const session = accountOf(req);
    const { data } = parseInput(updateUserBody, req.body);
    const device = callerDevice(req);
    const state = await deviceStateOf(ctx, device.deviceHash);
    // The display name is the pseudonym this device reserved, so it stays unique too.
    if (state.userId === null || state.pseudonym !== data.display_name) {
      throw conflict(
        'Display name mismatch',
        'Your display name must be the pseudonym this device chose.',
        'display_name',
      );
    }
    const { position } = await handle(ctx, accounts, {
      accountId: session.accountId,
      type: 'UpdateAccountMetadata',
      userId: state.userId,
      displayName: data.display_name,
      confirmed: data.confirmed,
      at: ctx.clock.now(),
    });
    const account = (await loadAccount(ctx, session.accountId))!;
    const linked = await linkDevice(ctx, req, account);
    res.json(withPosition({ user: await userDtoOf(ctx, account) }, position, linked));
  });

  router.use(answerBusy);
  return router;
};
