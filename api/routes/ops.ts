import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { localOperatorOnly, OPS_HEADER } from '../http/local-only';
import { parseInput } from '../http/validation';

export { OPS_HEADER };

const projectionParams = z.object({ name: z.string().min(1).max(100) });

export const opsRoutes = (ctx: AppContext) => {
  const router = Router();
  router.use('/ops', localOperatorOnly);

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
