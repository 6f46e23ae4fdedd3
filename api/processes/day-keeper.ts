import { addDays, startOfProductDay } from '../../domain/shared/product-day';
import type { Logger } from '../../infra/logger';
import { ensureMiniDilemma } from '../commands/mini-day';
import { ensureQuestionOfTheDay, today } from '../commands/question-of-the-day';
import type { AppContext } from '../context';

/** Gives the current product day its question and dilemma when it has none yet. */
export const activateDay = async (ctx: AppContext, logger: Logger) => {
  try {
    await ensureQuestionOfTheDay(ctx);
  } catch (err) {
    logger.warn({ err }, 'could not activate the question of the day');
  }
  try {
    await ensureMiniDilemma(ctx);
  } catch (err) {
    logger.warn({ err }, 'could not activate the dilemma of the day');
  }
};

/**
 * Gives each product day its question the moment the day starts (and at start-up), so no
 * read ever has to: a query never appends. Safe in several processes at once: the day's
 * stream accepts only the first activation. A check every minute covers a clock that jumps.
 */
export const startDayKeeper = async (ctx: AppContext, logger: Logger) => {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const activate = () => activateDay(ctx, logger);
  const scheduleNextDay = () => {
    if (stopped) return;
    const next = startOfProductDay(addDays(today(ctx), 1), ctx.dayRules).getTime();
    const wait = Math.min(60_000, Math.max(50, next - ctx.clock.now().getTime()));
    timer = setTimeout(() => void activate().then(scheduleNextDay), wait);
    timer.unref();
  };
  await activate();
  scheduleNextDay();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
