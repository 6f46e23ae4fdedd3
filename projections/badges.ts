import { personalTopic } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is `${personId}:${badgeId}`: a badge a person earned, and when. */
export type EarnedBadgeDoc = Doc & {
  personId: string;
  badgeId: string;
  earnedAt: string;
};

/** The badges each person earned: facts from their badge stream, whatever the rules say now. */
export const badgesProjection = projection({
  name: 'badges',
  version: 1,
  collections: {
    earned_badges: collection<EarnedBadgeDoc>({ key: { personId: 1, earnedAt: -1 } }),
  },
  on: {
    BadgeEarned: async ({ data }, db) => {
      await db.earned_badges.upsertOne({
        _id: `${data.personId}:${data.badgeId}`,
        personId: data.personId,
        badgeId: data.badgeId,
        earnedAt: data.at,
      });
      db.notify(personalTopic.internalName('badges', data.personId));
    },
    PersonErased: async ({ data }, db) => {
      await db.earned_badges.deleteMany({ personId: data.personId });
    },
  },
});
