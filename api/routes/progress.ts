import { Router } from 'express';
import { badgeById } from '../../domain/badges/catalogue';
import type { BadgeDto, StreakDto } from '../../domain/contracts/progress';
import { currentStreak } from '../../domain/progress/streaks';
import { productDayOf } from '../../domain/shared/product-day';
import { badgesProjection } from '../../projections/badges';
import { progressProjection } from '../../projections/progress';
import type { AppContext } from '../context';
import { identifyReader, readerOf } from '../http/guards';

/** A person's own streak and badges: always the caller's, never anyone else's. */
export const progressRoutes = (ctx: AppContext) => {
  const router = Router();

  router.get('/user/streak', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const today = productDayOf(ctx.clock.now(), ctx.dayRules);
    const view = ctx.readModels.of(progressProjection);
    const person = reader ? await view.progress_people.findOne({ _id: reader.userId }) : null;
    const answeredToday = reader
      ? (await view.streak_days.findOne({ _id: `${reader.userId}:${today}` })) !== null
      : false;
    const streak: StreakDto = {
      currentStreak: currentStreak(person?.latest ?? null, today),
      longestStreak: person?.longestStreak ?? 0,
      totalResponses: person?.responses ?? 0,
      totalMiniCompleted: person?.miniJourneys ?? 0,
      answeredToday,
    };
    res.json(streak);
  });

  router.get('/user/badges', identifyReader(ctx), async (req, res) => {
    const reader = readerOf(req);
    const earned = reader
      ? await ctx.readModels
          .of(badgesProjection)
          .earned_badges.find({ personId: reader.userId }, { sort: { earnedAt: -1 } })
      : [];
    const list = earned.flatMap((held): BadgeDto[] => {
      const definition = badgeById(held.badgeId);
      if (!definition) return [];
      const { name, description, rarity } = definition;
      return [{ id: held.badgeId, badge: { name, description, rarity }, earnedAt: held.earnedAt }];
    });
    res.json(list);
  });

  return router;
};
