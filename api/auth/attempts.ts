import type { Request, Response } from 'express';
import { limitReached } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { PER_ACCOUNT, PER_ADDRESS } from './rate-limiter';

/**
 * Guards a credential check: refused with 429 while the account or the address has too many
 * recent failures (the same whether or not the account exists); failures are counted on both.
 */
export const guardAttempt = (ctx: AppContext, req: Request, res: Response, account: string) => {
  const keys = [
    { key: `account:${account}`, rule: PER_ACCOUNT },
    { key: `address:${req.ip ?? 'unknown'}`, rule: PER_ADDRESS },
  ];
  const wait = Math.max(...keys.map(({ key, rule }) => ctx.auth.limiter.retryAfter(key, rule)));
  if (wait > 0) {
    res.setHeader('Retry-After', String(wait));
    throw limitReached(
      'Too many attempts',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
    );
  }
  return {
    failed: () => keys.forEach(({ key, rule }) => ctx.auth.limiter.recordFailure(key, rule)),
    succeeded: () => ctx.auth.limiter.reset(keys[0]!.key),
  };
};
