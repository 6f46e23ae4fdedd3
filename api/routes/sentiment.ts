import { Router } from 'express';
import type { SentimentItem } from '../../domain/contracts/sentiment';
import { sentimentQuery } from '../../domain/contracts/schemas/sentiment';
import { forbidden } from '../../domain/shared/errors';
import {
  periodEnding,
  previousPeriod,
  sentimentRows,
  type Period,
} from '../../domain/sentiment/figures';
import type { Tally } from '../../domain/sentiment/tally';
import { sentimentProjection } from '../../projections/sentiment';
import { today } from '../commands/question-of-the-day';
import type { AppContext } from '../context';
import { identifyReader, readerOf } from '../http/guards';
import { parseInput } from '../http/validation';

/** The tallies of every question-day in a period (one indexed range read). */
export const talliesIn = async (ctx: AppContext, { from, to }: Period): Promise<Tally[]> =>
  ctx.readModels.of(sentimentProjection).sentiment_tallies.find({ day: { $gte: from, $lte: to } });

export const sentimentRoutes = (ctx: AppContext) => {
  const router = Router();

  /**
   * The community's figures per question and product day over the last 7, 14 or 30 days
   * (today included), each with its trend against the period of the same length before.
   * Aggregates only: no ids of people, no text but the question's.
   */
  router.get('/sentiment', identifyReader(ctx), async (req, res) => {
    const { days } = parseInput(sentimentQuery, req.query, 'query');
    if (!readerOf(req)) {
      throw forbidden(
        'Registration required',
        'Choose a pseudonym to see the community’s sentiment.',
      );
    }
    const period = periodEnding(today(ctx), days);
    const [current, previous] = await Promise.all([
      talliesIn(ctx, period),
      talliesIn(ctx, previousPeriod(period, days)),
    ]);
    res.json(sentimentRows(current, previous) satisfies SentimentItem[]);
  });

  return router;
};
