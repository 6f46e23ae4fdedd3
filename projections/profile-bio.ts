import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is the person's id; the bio is opened from the log's sealed field for its owner only. */
export type ProfileBioDoc = Doc & { bio: string; updatedAt: string };

/** The short bio each person keeps on their profile; gone when they clear it or erase their data. */
export const profileBioProjection = projection({
  name: 'profile-bio',
  version: 1,
  collections: {
    profile_bios: collection<ProfileBioDoc>(),
  },
  on: {
    ProfileBioChanged: async ({ data }, db) => {
      if (data.bio === null) {
        await db.profile_bios.deleteOne({ _id: data.personId });
        return;
      }
      await db.profile_bios.upsertOne({ _id: data.personId, bio: data.bio, updatedAt: data.at });
    },
    PersonErased: async ({ data }, db) => {
      await db.profile_bios.deleteOne({ _id: data.personId });
    },
  },
});
