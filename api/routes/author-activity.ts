import { badgeById } from '../../domain/badges/catalogue';
import { BADGE_RARITIES } from '../../domain/contracts/progress';
import type { AuthorActivityDto } from '../../domain/contracts/responses';
import { currentStreak } from '../../domain/progress/streaks';
import { productDayOf } from '../../domain/shared/product-day';
import { badgesProjection } from '../../projections/badges';
import { identityProjection } from '../../projections/identity';
import { progressProjection } from '../../projections/progress';
import type { AppContext } from '../context';

type TopBadge = NonNullable<AuthorActivityDto['topBadge']>;

const rank = (badge: TopBadge) => BADGE_RARITIES.indexOf(badge.rarity);

/**
 * Show Activity, given a meaning: the current streak and rarest badge of each author on a page,
 * read in one query per read model, and null for anyone who turned Show Activity off on any of
 * their devices.
 */
export const authorActivity = async (
  ctx: AppContext,
  authorIds: readonly string[],
): Promise<(authorId: string) => AuthorActivityDto | null> => {
  const ids = [...new Set(authorIds)];
  if (ids.length === 0) return () => null;
  const devices = await ctx.readModels
    .of(identityProjection)
    .devices.find({ userId: { $in: ids } }, { projection: { userId: 1, showActivity: 1 } });
  const hidden = new Set(devices.filter((d) => d.showActivity === false).map((d) => d.userId));
  const shown = ids.filter((id) => !hidden.has(id) && devices.some((d) => d.userId === id));
  if (shown.length === 0) return () => null;

  const [people, earned] = await Promise.all([
    ctx.readModels.of(progressProjection).progress_people.find({ _id: { $in: shown } }),
    ctx.readModels
      .of(badgesProjection)
      .earned_badges.find({ personId: { $in: shown } }, { sort: { earnedAt: -1 } }),
  ]);
  const today = productDayOf(ctx.clock.now(), ctx.dayRules);
  const activity = new Map<string, AuthorActivityDto>(
    shown.map((id) => [id, { streak: 0, topBadge: null }]),
  );
  for (const person of people) {
    activity.get(person._id)!.streak = currentStreak(person.latest, today);
  }
  for (const held of earned) {
    const definition = badgeById(held.badgeId);
    const entry = activity.get(held.personId);
    if (!definition || !entry) continue;
    const badge = { name: definition.name, rarity: definition.rarity };
    // Newest first: a later badge of the same rarity does not displace an earlier pick.
    if (!entry.topBadge || rank(badge) > rank(entry.topBadge)) entry.topBadge = badge;
  }
  return (authorId) => activity.get(authorId) ?? null;
};
