import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { localOperatorOnly, OPS_HEADER } from '../http/local-only';
import { parseInput } from '../http/validation';

export { OPS_HEADER };

const projectionParams = z.object({ name: z.string().min(1).max(100) });
const retryQuery = z.strictObject({ event: z.string().min(1).max(100).optional() });
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

  // Reactions given up on after their attempts (dead letters), by reactor.
  router.get('/ops/reactors/parked', async (_req, res) => {
    res.json(await ctx.projections.parked());
  });

  // Asks the process running the reactor to try its parked events again (`?event=ID`: one of
  // them) at its next lease check (202); the parked list above follows them.
  router.post('/ops/reactors/:name/retry', async (req, res) => {
    const { name } = parseInput(projectionParams, req.params, 'params');
    const { event } = parseInput(retryQuery, req.query, 'query');
    res.status(202).json(await ctx.projections.retryParked(name, event));
  });

  return router;
};
