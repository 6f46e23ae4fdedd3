import { Router, type Request } from 'express';
import { accountDecider, accountStreamId } from '../../domain/accounts/account';
import { emailDecider, emailStreamId } from '../../domain/accounts/email-reservation';
import { weakPasswordReasons } from '../../domain/accounts/password-policy';
import {
  invalidRefreshToken,
  sessionDecider,
  sessionStreamId,
} from '../../domain/accounts/sessions';
import {
  refreshBody,
  signInBody,
  signUpBody,
  updateUserBody,
  type UserDto,
} from '../../domain/contracts/auth';
import { deviceDecider, deviceStreamId } from '../../domain/identity/devices';
import type { DeviceEvent } from '../../domain/identity/events';
import { fold } from '../../domain/shared/decider';
import { conflict, DomainError, invalid, unauthorized } from '../../domain/shared/errors';
import { hashPassword, verifyPassword } from '../../infra/auth/passwords';
import { seal, unseal } from '../../infra/auth/sealing';
import {
  decoyPasswordHash,
  emailHashOf,
  loadAccount,
  nextRefreshSecret,
  refreshSecretHash,
  reservationHolder,
  sessionDto,
  startSession,
  userDtoOf,
  type Account,
} from '../auth/accounts';
import { guardAttempt } from '../auth/attempts';
import { runCommand } from '../commands/run';
import type { AppContext } from '../context';
import { accountSessionOf } from '../http/bearer';
import { deviceOf } from '../http/identity';
import { parseInput } from '../http/validation';

const deviceStateOf = async (ctx: AppContext, deviceHash: string) =>
  fold(
    deviceDecider,
    (await ctx.events.readStream(deviceStreamId(deviceHash))) as unknown as DeviceEvent[],
  );

const optionalDevice = (req: Request) => (req.get('x-device-id') ? deviceOf(req) : null);

/**
 * The calling device starts acting for the account when that keeps everyone's history whole:
 * a fresh device, or one already taking part as this account's identity.
 */
const linkDevice = async (ctx: AppContext, req: Request, account: Account) => {
  const device = optionalDevice(req);
  if (!device || !account.displayName) return null;
  try {
    const { position } = await runCommand(ctx, deviceStreamId(device.deviceHash), deviceDecider, {
      type: 'LinkDeviceToAccount',
      deviceHash: device.deviceHash,
      accountId: account.accountId,
      userId: account.userId,
      pseudonym: account.displayName,
      at: ctx.clock.now(),
    });
    return position;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return null;
    throw error;
  }
};

const withPosition = <T extends object>(body: T, ...positions: (bigint | null)[]) => {
  const last = positions.filter((p): p is bigint => p !== null).sort((a, b) => (a < b ? 1 : -1))[0];
  return { ...body, position: last?.toString() ?? null };
};

export const authRoutes = (ctx: AppContext) => {
  const router = Router();

  router.post('/auth/signup', async (req, res) => {
    const body = parseInput(signUpBody, req.body);
    const weak = weakPasswordReasons(body.password, body.email);
    if (weak.length > 0) {
      throw invalid('password', 'Weak password', `Password is too weak: ${weak.join('; ')}.`);
    }
    const device = optionalDevice(req);
    const emailHash = emailHashOf(ctx, body.email);
    if (await reservationHolder(ctx, emailHash)) {
      throw conflict(
        'Sign Up Failed',
        'An account with this email already exists. Sign in instead.',
        'email',
      );
    }
    // A device that already takes part brings its identity (and so its history) along.
    const deviceState = device ? await deviceStateOf(ctx, device.deviceHash) : null;
    const adopt = deviceState?.userId && !deviceState.accountId ? deviceState : null;
    const accountId = ctx.newId();
    const passwordHash = await hashPassword(body.password, ctx.auth.passwordCost);
    const at = ctx.clock.now();
    await runCommand(ctx, emailStreamId(emailHash), emailDecider, {
      type: 'ReserveEmail',
      emailHash,
      accountId,
      holderExists: (await reservationHolder(ctx, emailHash)) !== null,
      at,
    });
    await runCommand(ctx, accountStreamId(accountId), accountDecider, {
      type: 'SignUp',
      accountId,
      userId: adopt?.userId ?? ctx.newId(),
      emailHash,
      email: await seal(ctx.auth.vault, accountId, body.email.trim()),
      passwordHash: await seal(ctx.auth.vault, accountId, passwordHash),
      displayName: adopt?.pseudonym ?? null,
      confirmed: adopt !== null,
      at,
    });
    const account = (await loadAccount(ctx, accountId))!;
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.status(201).json(withPosition(session, position, linked));
  });

  router.post('/auth/signin', async (req, res) => {
    const body = parseInput(signInBody, req.body);
    optionalDevice(req); // a malformed device id is refused before any work
    const emailHash = emailHashOf(ctx, body.email);
    const attempt = guardAttempt(ctx, req, res, emailHash);
    const account = await reservationHolder(ctx, emailHash);
    const matches = await verifyPassword(
      body.password,
      (account && (await unseal(ctx.auth.vault, account.passwordHash))) ??
        (await decoyPasswordHash(ctx)),
    );
    if (!account || !matches) {
      attempt.failed();
      throw unauthorized('Sign In Failed', 'Invalid login credentials');
    }
    attempt.succeeded();
    const linked = await linkDevice(ctx, req, account);
    const { session, position } = await startSession(ctx, account);
    res.json(withPosition(session, position, linked));
  });

  router.post('/auth/refresh', async (req, res) => {
    const { refresh_token } = parseInput(refreshBody, req.body);
    const [familyId, secret, ...rest] = refresh_token.split('.');
    if (!familyId || !secret || rest.length > 0) throw invalidRefreshToken();
    const nextSecret = nextRefreshSecret(ctx, familyId, secret);
    const { events, position } = await runCommand(ctx, sessionStreamId(familyId), sessionDecider, {
      type: 'RefreshSession',
      presentedHash: refreshSecretHash(secret),
      nextHash: refreshSecretHash(nextSecret),
      at: ctx.clock.now(),
    });
    if (events.some((e) => e.type === 'SessionRevoked')) throw invalidRefreshToken();
    const started = (await ctx.events.readStream(sessionStreamId(familyId)))[0]!;
    const account = await loadAccount(ctx, (started.data as { accountId: string }).accountId);
    if (!account) throw invalidRefreshToken();
    res.json(withPosition(await sessionDto(ctx, account, familyId, nextSecret), position));
  });

  router.post('/auth/signout', async (req, res) => {
    const session = await accountSessionOf(ctx, req);
    await runCommand(ctx, sessionStreamId(session.familyId), sessionDecider, {
      type: 'EndSession',
      at: ctx.clock.now(),
    });
    res.status(204).end();
  });

  router.get('/auth/session', async (req, res) => {
    const session = await accountSessionOf(ctx, req);
    const account = await loadAccount(ctx, session.accountId);
    if (!account) throw unauthorized('Invalid JWT', 'Sign in to continue.');
    res.json({ user: await userDtoOf(ctx, account) } satisfies { user: UserDto });
  });

  router.patch('/auth/user', async (req, res) => {
    const session = await accountSessionOf(ctx, req);
    const { data } = parseInput(updateUserBody, req.body);
    const device = deviceOf(req);
    const state = await deviceStateOf(ctx, device.deviceHash);
    // The display name is the pseudonym this device reserved, so it stays unique too.
    if (state.userId === null || state.pseudonym !== data.display_name) {
      throw conflict(
        'Display name mismatch',
        'Your display name must be the pseudonym this device chose.',
        'display_name',
      );
    }
    const { position } = await runCommand(ctx, accountStreamId(session.accountId), accountDecider, {
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

  return router;
};
