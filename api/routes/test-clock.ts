import { Router } from 'express';
import { z } from 'zod';
import { productDayOf } from '../../domain/shared/product-day';
import type { AdjustableClock } from '../../infra/clock';
import type { AppContext } from '../context';
import { parseInput } from '../http/validation';
import { isLocalRequest } from '../http/local-only';

/** The server's adjustable clock and what a move must set off (the day keeper's activation). */
export type TestClock = { clock: AdjustableClock; afterMove: () => Promise<void> };

const DAY_MS = 86_400_000;

const moveBody = z
  .object({
    advanceMs: z
      .number({ error: 'advanceMs must be a number of milliseconds' })
      .int('advanceMs must be a whole number of milliseconds')
      .positive('advanceMs must be positive: the clock only moves forward')
      .max(366 * DAY_MS, 'advanceMs must be at most a year'),
  })
  .strict();

/**
 * Test-only (TEST_CLOCK=true, refused in production): `POST /api/test/clock {"advanceMs": n}`
 * moves the server's time forward, then gives a new product day its question and dilemma as
 * the day keeper does, so a browser journey can live through tomorrow. From this machine only.
 */
export const testClockRoutes = (ctx: AppContext, testClock: TestClock) => {
  const router = Router();
  router.post('/test/clock', async (req, res, next) => {
    // From elsewhere the route does not exist: the API's 404.
    if (!isLocalRequest(req)) {
      next();
      return;
    }
    const { advanceMs } = parseInput(moveBody, req.body);
    const now = testClock.clock.advance(advanceMs);
    await testClock.afterMove();
    res.json({ now: now.toISOString(), day: productDayOf(now, ctx.dayRules) });
  });
  return router;
};
