import { Router } from 'express';
import type { AppContext } from '../context';

export const healthRoutes = (ctx: AppContext) => {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const projections = await ctx.projections.status();
    res.json({ status: 'ok', eventStore: ctx.events.engine, projections });
  });
  return router;
};
