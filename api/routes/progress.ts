import { Router } from 'express';
import { badgeById } from '../../domain/badges/catalogue';
import type { ActivitySummaryDto, BadgeDto, StreakDto } from '../../domain/contracts/progress';
import { ECHO_DAILY_LIMIT } from '../../domain/echoes/echoes';
import { currentStreak } from '../../domain/progress/streaks';
import { dayStartLabel, productDayOf } from '../../domain/shared/product-day';
import { notFound } from '../../domain/shared/errors';
import { badgesProjection } from '../../projections/badges';
import { echoDayId, echoesProjection } from '../../projections/echoes';
import { identityProjection } from '../../projections/identity';
import { progressProjection } from '../../projections/progress';
import type { AppContext } from '../context';
import { identifyReader, readerOf } from '../http/guards';
import { ownDeviceInPath } from '../http/identity';

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

  /** The owner's own device only (`me` accepted): 403 for anyone else's, like settings. */
  router.get('/user/activity-summary/:deviceId', async (req, res) => {
    const device = ownDeviceInPath(req, 'activity');
    const owner = await ctx.readModels
      .of(identityProjection)
      .devices.findOne({ _id: device.deviceHash });
    if (!owner) throw notFound('Not registered', 'This device is not registered yet.');
    const now = ctx.clock.now();
    const today = productDayOf(now, ctx.dayRules);
    const person = await ctx.readModels
      .of(progressProjection)
      .progress_people.findOne({ _id: owner.userId });
    const badgesEarned = await ctx.readModels
      .of(badgesProjection)
      .earned_badges.count({ personId: owner.userId });
    const echoDay = await ctx.readModels
      .of(echoesProjection)
      .echo_days.findOne({ _id: echoDayId(owner.userId, today) });
    const echoesUsed = Math.min(ECHO_DAILY_LIMIT, echoDay?.given ?? 0);
    const summary: ActivitySummaryDto = {
      totalResponses: person?.responses ?? 0,
      totalMiniCompleted: person?.miniJourneys ?? 0,
      journalEntries: person?.journalEntries ?? 0,
      badgesEarned,
      dailyEchoStats: {
        echoesUsed,
        dailyLimit: ECHO_DAILY_LIMIT,
        echoesRemaining: ECHO_DAILY_LIMIT - echoesUsed,
        resetsAt: dayStartLabel(ctx.dayRules, now),
      },
    };
    res.json(summary);
  });

  return router;
};
