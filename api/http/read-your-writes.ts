import type { RequestHandler } from 'express';
import { DomainError, unavailable } from '../../domain/shared/errors';
import type { AppContext } from '../context';

/**
 * A request may carry X-Min-Position (the position a command answered with). It is handled
 * once the read models have reached it, or after READ_WAIT_MS at the latest: a query sees
 * the caller's own writes, and a command that consults a read model (an echo looks up the
 * answer it echoes) finds what the caller just saw written.
 */
export const readYourWrites =
  (ctx: AppContext): RequestHandler =>
  async (req, res, next) => {
    const header = req.get('x-min-position');
    if (!header) return next();
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
    if (reached) return next();
    const head = await ctx.events.headPosition();
    if (head === null || BigInt(header) > head) {
      return next(
        new DomainError(
          'invalid',
          'Invalid position',
          'X-Min-Position is beyond the last event: send the position a command answered with.',
          'X-Min-Position',
        ),
      );
    }
    if (req.method === 'GET') {
      res.setHeader('X-Read-Model-Stale', 'true');
      return next();
    }
    // A command acting on what it cannot see yet would answer wrongly (a 404 for an answer
    // that exists): it is refused, unchanged, and the client tries again.
    res.setHeader('Retry-After', '1');
    next(
      unavailable('Catching up', 'Boon is catching up with recent changes; try again in a moment.'),
    );
  };
