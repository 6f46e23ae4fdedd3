import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ADMIN_SIGN_IN_LINK_TTL_MS, adminSessions } from '../../domain/accounts/admin-sessions';
import type {
  AdminLoginDto,
  AdminSignInLinkDto,
  AdminVerifyDto,
} from '../../domain/contracts/auth';
import {
  adminLinkBody,
  adminLinkRequestBody,
  adminLoginBody,
} from '../../domain/contracts/schemas/auth';
import { linkExpired } from '../../domain/accounts/one-time-links';
import { notFound, unauthorized } from '../../domain/shared/errors';
import { knownBrowserId } from '../../infra/auth/known-browser';
import { signToken } from '../../infra/auth/tokens';
import { randomSecret } from '../../infra/crypto';
import { adminSubject, newKnownBrowserToken, secretHash } from '../auth/accounts';
import { createAdminFailureRecorder } from '../auth/admin-sign-in-failures';
import { checkLink, guardAttempt } from '../auth/attempts';
import { adminAccountsState, isActiveAdmin } from '../commands/admins';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireAdmin, adminSessionOf } from '../http/guards';
import { localOperatorOnly } from '../http/local-only';
import { parseInput } from '../http/validation';
import { answerBusy } from '../auth/busy';

/** Compares digests, so neither length nor content leaks through timing. */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(
    createHash('sha256').update(a, 'utf8').digest(),
    createHash('sha256').update(b, 'utf8').digest(),
  );

/** What an admin refused by the guessing throttle can do that no guesser can. */
const ADMIN_WAY_IN =
  'ask whoever runs Boon for a one-time sign-in link (npm run admin-link -- <username>, on the server)';

/**
 * Admin sign-in. Admins are named accounts (the first from configuration) with a password and
 * no mailbox, so their way past a throttle that guessers keep busy is a browser that signed in
 * before (its known-browser token), or a one-time link made on the server's own machine.
 */
export const adminAuthRoutes = (ctx: AppContext) => {
  const router = Router();
  const recordFailure = createAdminFailureRecorder(ctx);

  /** A new admin session: its token, and the browser known from now on. */
  const signedIn = async (res: Response, username: string, sessionId: string) => {
    const iat = Math.floor(ctx.clock.now().getTime() / 1000);
    const expiresAt = iat + ctx.auth.adminTokenSeconds;
    const token = await signToken(ctx.auth.keys.tokenKey, {
      sub: username,
      sid: sessionId,
      role: 'admin',
      iat,
      exp: expiresAt,
    });
    res.json({
      token,
      expiresAt,
      known_browser_token: newKnownBrowserToken(ctx, adminSubject(username)),
    } satisfies AdminLoginDto);
  };

  router.post('/admin/login', async (req, res) => {
    const body = parseInput(adminLoginBody, req.body);
    const subject = adminSubject(body.username);
    const knownBrowser = knownBrowserId(
      ctx.auth.keys.knownBrowserKey,
      subject,
      body.known_browser_token,
      Math.floor(ctx.clock.now().getTime() / 1000),
    );
    const attempt = guardAttempt(ctx, req, res, subject, knownBrowser, ADMIN_WAY_IN);
    const admins = await adminAccountsState(ctx);
    const configured = ctx.auth.admin;
    const named = admins.added.get(body.username);
    // An added admin's password is checked against its hash (a decoy for unknown names, at the
    // same cost); the configured admin's against configuration, until removed.
    const namedMatches = await ctx.auth.passwords.verify(
      body.password,
      named ?? (await ctx.auth.passwords.decoy()),
    );
    const isConfigured = configured !== null && sameSecret(body.username, configured.username);
    const valid =
      named !== undefined
        ? namedMatches
        : isConfigured &&
          !admins.removed.has(configured.username) &&
          sameSecret(body.password, configured.password);
    if (!valid) {
      attempt.failed();
      const known = named !== undefined || isConfigured || admins.removed.has(body.username);
      await recordFailure(req, known ? body.username : null);
      throw unauthorized('Login failed', 'Invalid credentials');
    }
    attempt.succeeded();
    const sessionId = ctx.newId();
    await handle(ctx, adminSessions, {
      type: 'SignInAdmin',
      sessionId,
      username: body.username,
      at: ctx.clock.now(),
    });
    await signedIn(res, body.username, sessionId);
  });

  /**
   * Made on the server's machine only (`npm run admin-link -- <username>`): a link that signs
   * the admin in once, within 15 minutes, whatever the guessing throttle says.
   */
  router.post('/admin/sign-in-links', localOperatorOnly, async (req, res) => {
    const { username } = parseInput(adminLinkRequestBody, req.body);
    if (!(await isActiveAdmin(ctx, username))) {
      throw notFound('Admin not found', `${username} is not an admin.`);
    }
    const secret = randomSecret(32);
    const at = ctx.clock.now();
    await handle(ctx, adminSessions, {
      type: 'IssueAdminSignInLink',
      username,
      tokenHash: secretHash(secret),
      at,
    });
    const query = new URLSearchParams({ admin: username, token: secret });
    res.status(201).json({
      username,
      link: ctx.mail.linkTo(`/auth/admin-link?${query.toString()}`),
      expiresAt: new Date(at.getTime() + ADMIN_SIGN_IN_LINK_TTL_MS).toISOString(),
    } satisfies AdminSignInLinkDto);
  });

  router.post('/admin/login/link', async (req: Request, res) => {
    const { username, token } = parseInput(adminLinkBody, req.body);
    const sessionId = ctx.newId();
    await checkLink(ctx, req, res, async () => {
      if (!(await isActiveAdmin(ctx, username))) throw linkExpired();
      await handle(ctx, adminSessions, {
        type: 'SignInAdminByLink',
        sessionId,
        username,
        tokenHash: secretHash(token),
        at: ctx.clock.now(),
      });
    });
    await signedIn(res, username, sessionId);
  });

  router.get('/admin/verify', requireAdmin(ctx), async (req, res) => {
    const admin = adminSessionOf(req);
    res.json({ valid: true, username: admin.username } satisfies AdminVerifyDto);
  });

  router.post('/admin/logout', requireAdmin(ctx), async (req, res) => {
    const admin = adminSessionOf(req);
    await handle(ctx, adminSessions, {
      username: admin.username,
      type: 'SignOutAdmin',
      sessionId: admin.sessionId,
      at: ctx.clock.now(),
    });
    res.status(204).end();
  });

  // Password work refused for a full queue or a shutdown: 503, never a 500.
  router.use(answerBusy);
  return router;
};
