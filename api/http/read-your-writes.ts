import type { RequestHandler } from 'express';
import { DomainError } from '../../domain/shared/errors';
import type { AppContext } from '../context';

/**
 * A query may carry X-Min-Position (the position a command answered with). It is
 * answered once the read models have reached it, or after READ_WAIT_MS at the latest.
 */
export const readYourWrites =
  (ctx: AppContext): RequestHandler =>
  async (req, res, next) => {
    const header = req.get('x-min-position');
    if (req.method !== 'GET' || !header) return next();
    if (!/^\d{1,20}$/.test(header)) {
      return next(
        new DomainError(
          'invalid',
          'Invalid position',
          'X-Min-Position must be a whole number.',
          'X-Min-Position',
        ),
      );
    }
    const reached = await ctx.readModels.waitFor(
      BigInt(header),
      ctx.readModels.projections.map((p) => p.name),
      ctx.readWaitMs,
    );
    if (!reached) res.setHeader('X-Read-Model-Stale', 'true');
    next();
  };
