import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, forbidden } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { parseInput } from '../http/validation';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** The header every operations call carries: a browser sends it cross-site only after a
 * CORS preflight, which this app never grants. */
export const OPS_HEADER = 'X-Boon-Ops';

const refuse = (detail: string) => forbidden('Local only', detail);

/**
 * Operations for developers on the machine running the app: only direct loopback connections
 * (no proxy in between), addressed to a loopback name (a rebound DNS name is not), carrying
 * the operations header, and never from another site's page (Origin, when sent, is this one).
 */
const localOperatorOnly: RequestHandler = (req, _res, next) => {
  const host = req.get('host') ?? '';
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || req.get('x-forwarded-for')) {
    return next(refuse('Operations are only available on the machine running Boon.'));
  }
  if (!LOOPBACK_HOST.test(host)) {
    return next(refuse('Operations answer only when addressed to localhost.'));
  }
  const origin = req.get('origin');
  if (origin !== undefined && origin !== `http://${host}`) {
    return next(refuse('Operations do not answer requests made by web pages.'));
  }
  if (req.get(OPS_HEADER) !== '1') {
    return next(
      new DomainError(
        'forbidden',
        'Operations header required',
        `Send ${OPS_HEADER}: 1 (npm run projections does).`,
        OPS_HEADER,
      ),
    );
  }
  next();
};

const projectionParams = z.object({ name: z.string().min(1).max(100) });
const rebuildQuery = z.strictObject({
  names: z
    .string()
    .max(2000)
    .transform((list) => list.split(','))
    .pipe(z.array(z.string().min(1).max(100)).min(1))
    .optional(),
});

export const opsRoutes = (ctx: AppContext) => {
  const router = Router();
  router.use('/ops', localOperatorOnly);

  router.get('/ops/projections', async (_req, res) => {
    res.json(await ctx.projections.status());
  });

  // Each rebuild starts at once and goes on after the answer (202): here when this process
  // runs the projection, else in the process that does, asked through the store. The status
  // above follows it to its end (a new generation) with its progress.
  router.post('/ops/projections/:name/rebuild', async (req, res) => {
    const { name } = parseInput(projectionParams, req.params, 'params');
    res.status(202).json(await ctx.projections.rebuild([name]));
  });

  // Several projections (`?names=a,b`; every one without), those this process runs from one
  // read of the log.
  router.post('/ops/projections/rebuild', async (req, res) => {
    const { names } = parseInput(rebuildQuery, req.query, 'query');
    res.status(202).json(await ctx.projections.rebuild(names ?? 'all'));
  });

  return router;
};
