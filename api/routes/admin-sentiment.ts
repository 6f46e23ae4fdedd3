import { Router } from 'express';
import { sentimentExportQuery } from '../../domain/contracts/schemas/sentiment';
import { unknownCategory } from '../../domain/sentiment/categories';
import { invalid } from '../../domain/shared/errors';
import { baselineOf, exportCsv, sentimentExport } from '../analyst/export';
import type { AppContext } from '../context';
import { requireAdmin } from '../http/guards';
import { parseInput } from '../http/validation';
import { talliesIn } from './sentiment';

/**
 * The analysts' export over HTTP, for admins: the figures `npm run analyst -- sentiment`
 * replays from the log, read here from the sentiment read model (the same reducer built it).
 */
export const adminSentimentRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/admin/sentiment/export', requireAdmin(ctx), async (req, res) => {
    const { from, to, format, category } = parseInput(sentimentExportQuery, req.query, 'query');
    const unknown = category === undefined ? null : unknownCategory(category);
    if (unknown) throw invalid('category', 'Unknown category', unknown);
    const period = { from, to };
    const [current, previous] = await Promise.all([
      talliesIn(ctx, period),
      talliesIn(ctx, baselineOf(period)),
    ]);
    const exported = sentimentExport(period, category ?? null, current, previous);
    const name = `sentiment-${from}-to-${to}.${format}`;
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'csv')
      res.type('text/csv; charset=utf-8').attachment(name).send(exportCsv(exported));
    else res.attachment(name).json(exported);
  });

  return router;
};
