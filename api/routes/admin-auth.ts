import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { adminSessions } from '../../domain/accounts/admin-sessions';
import type { AdminLoginDto, AdminVerifyDto } from '../../domain/contracts/auth';
import { adminLoginBody } from '../../domain/contracts/schemas/auth';
import { unauthorized } from '../../domain/shared/errors';
import { knownBrowserId } from '../../infra/auth/known-browser';
import { signToken } from '../../infra/auth/tokens';
import { adminSubject, newKnownBrowserToken } from '../auth/accounts';
import { adminAccountsState } from '../commands/admins';
import { guardAttempt } from '../auth/attempts';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireAdmin, adminSessionOf } from '../http/guards';
import { parseInput } from '../http/validation';

/** Compares digests, so neither length nor content leaks through timing. */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(
    createHash('sha256').update(a, 'utf8').digest(),
    createHash('sha256').update(b, 'utf8').digest(),
  );

export const adminAuthRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/admin/login', async (req, res) => {
    const body = parseInput(adminLoginBody, req.body);
    const subject = adminSubject(body.username);
    const knownBrowser = knownBrowserId(
      ctx.auth.keys.knownBrowserKey,
      subject,
      body.known_browser_token,
      Math.floor(ctx.clock.now().getTime() / 1000),
    );
    const attempt = guardAttempt(ctx, req, res, subject, knownBrowser);
    const admins = await adminAccountsState(ctx);
    const configured = ctx.auth.admin;
    const named = admins.added.get(body.username);
    // An added admin's password is checked against its hash (a decoy for unknown names, at the
    // same cost); the configured admin's against configuration, until removed.
    const namedMatches = await ctx.auth.passwords.verify(
      body.password,
      named ?? (await ctx.auth.passwords.decoy()),
    );
    const valid =
      named !== undefined
        ? namedMatches
        : configured !== null &&
          !admins.removed.has(configured.username) &&
          sameSecret(body.username, configured.username) &&
          sameSecret(body.password, configured.password);
    if (!valid) {
      attempt.failed();
      throw unauthorized('Login failed', 'Invalid credentials');
    }
    attempt.succeeded();
    const { username } = body;
    const sessionId = ctx.newId();
    const now = ctx.clock.now();
    await handle(ctx, adminSessions, {
      type: 'SignInAdmin',
      sessionId,
      username,
      at: now,
    });
    const iat = Math.floor(now.getTime() / 1000);
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

  return router;
};
