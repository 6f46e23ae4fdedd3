import { Router } from 'express';
import type { ProjectionStatus } from '../../projections/engine/status';
import type { AppContext } from '../context';

/**
 * What anyone may see of a projection: where it stands. Which process holds it (its pid) and
 * its last error (paths, SQL) are for operators, on the local `/ops/projections`.
 */
const publicStanding = ({
  leaseOwner: _owner,
  leaseExpiresAt: _expires,
  lastError,
  ...standing
}: ProjectionStatus) => ({ ...standing, failing: lastError !== null });

export const healthRoutes = (ctx: AppContext) => {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const projections = await ctx.projections.standing();
    res.json({
      status: 'ok',
      eventStore: ctx.events.engine,
      projections: projections.map(publicStanding),
    });
  });
  return router;
};
