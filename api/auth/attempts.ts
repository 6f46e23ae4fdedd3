import type { Request, Response } from 'express';
import { DomainError, limitReached } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import {
  BAD_LINKS_PER_ADDRESS,
  PER_ACCOUNT,
  PER_ACCOUNT_ADDRESS,
  PER_ADDRESS,
  PER_KNOWN_BROWSER,
  type RateLimitRule,
} from './rate-limiter';

type Limit = { key: string; rule: RateLimitRule };

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;

/** Refuses with 429 and Retry-After while any of `limits` is exhausted. */
export const refuseWhileLimited = (
  ctx: AppContext,
  res: Response,
  limits: Limit[],
  detail: (wait: string) => string,
  title = 'Too many attempts',
) => {
  const wait = Math.max(
    0,
    ...limits.map(({ key, rule }) => ctx.auth.limiter.retryAfter(key, rule)),
  );
  if (wait > 0) {
    res.setHeader('Retry-After', String(wait));
    throw limitReached(title, detail(inWords(wait)));
  }
};

/**
 * Counts this request on each of `limits`, refusing first if one is exhausted. With `work`,
 * the request counts only once the work was done: one turned away because the password queue
 * was full (503) used up nothing, so its retry is not refused for it.
 */
export const takeSlot = async <T>(
  ctx: AppContext,
  res: Response,
  limits: Limit[],
  detail: (wait: string) => string,
  work: () => Promise<T>,
): Promise<T> => {
  refuseWhileLimited(ctx, res, limits, detail, 'Too many requests');
  const done = await work();
  limits.forEach(({ key, rule }) => ctx.auth.limiter.recordFailure(key, rule));
  return done;
};

export const addressOf = (req: Request) => req.ip ?? 'unknown';

/**
 * Runs a mailed (or handed-over) link's check. A link that works always works, whatever came
 * from the same address before (an owner behind the NAT a guesser shares). Only a link that
 * does not work (a refusal naming `token`) counts against the caller's address, and once it
 * has sent too many, such a link is answered 429 with Retry-After instead: link secrets (256
 * random bits) cannot be guessed, and a guesser is told to stop.
 */
export const checkLink = async <T>(
  ctx: AppContext,
  req: Request,
  res: Response,
  check: () => Promise<T>,
) => {
  const limit = { key: `bad-links:${addressOf(req)}`, rule: BAD_LINKS_PER_ADDRESS };
  try {
    return await check();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid' && error.field === 'token') {
      refuseWhileLimited(
        ctx,
        res,
        [limit],
        (wait) => `Too many links that did not work. Try again in ${wait}.`,
      );
      ctx.auth.limiter.recordFailure(limit.key, limit.rule);
    }
    throw error;
  }
};

/**
 * Guards a credential check for `subject` (an account's email hash, an admin's name), the
 * same whether or not it exists. Without a known-browser token, the caller waits once its
 * address has guessed too often at this account or at all accounts, or once the account is
 * being guessed at from everywhere (a backoff, not a lock). With a token issued for this
 * subject, only the token's own failures count against it: a person's usual browser still
 * gets in while others hammer the account. Every failure is counted on every key. A refusal
 * names `wayIn`: the owner's way past the throttle that no guesser can use.
 */
export const guardAttempt = (
  ctx: AppContext,
  req: Request,
  res: Response,
  subject: string,
  knownBrowser: string | null,
  wayIn: string,
) => {
  const address = addressOf(req);
  const pair = { key: `pair:${subject}:${address}`, rule: PER_ACCOUNT_ADDRESS };
  const byAddress = { key: `address:${address}`, rule: PER_ADDRESS };
  const account = { key: `account:${subject}`, rule: PER_ACCOUNT };
  const browser = knownBrowser ? { key: `browser:${knownBrowser}`, rule: PER_KNOWN_BROWSER } : null;
  refuseWhileLimited(
    ctx,
    res,
    browser ? [browser] : [pair, byAddress, account],
    (wait) => `Too many failed sign-in attempts. Try again in ${wait}, or ${wayIn}.`,
  );
  const counted = [pair, byAddress, account, ...(browser ? [browser] : [])];
  return {
    failed: () => counted.forEach(({ key, rule }) => ctx.auth.limiter.recordFailure(key, rule)),
    succeeded: () => {
      ctx.auth.limiter.reset(pair.key);
      if (browser) ctx.auth.limiter.reset(browser.key);
    },
  };
};
