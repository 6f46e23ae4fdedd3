import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { forbidden } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { parseInput } from '../http/validation';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Operations for developers on the machine running the app: only direct loopback
 * connections (no proxy in between) may use them.
 */
const loopbackOnly: RequestHandler = (req, _res, next) => {
  const direct = LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.get('x-forwarded-for');
  next(
    direct
      ? undefined
      : forbidden('Local only', 'Operations are only available on the machine running Boon.'),
  );
};

const projectionParams = z.object({ name: z.string().min(1).max(100) });

export const opsRoutes = (ctx: AppContext) => {
  const router = Router();
  router.use('/ops', loopbackOnly);

  router.get('/ops/projections', async (_req, res) => {
    res.json(await ctx.projections.status());
  });

  // Rebuilt here when this process runs the projection; otherwise the process that runs it
  // is asked to (202), and the status shows the rebuild's progress.
  router.post('/ops/projections/:name/rebuild', async (req, res) => {
    const { name } = parseInput(projectionParams, req.params, 'params');
    const report = await ctx.projections.rebuild(name);
    if (report) res.json(report);
    else res.status(202).json({ name, requested: true });
  });

  return router;
};
