import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is the journey id: a standing Mini result (a reset removes it; the log keeps both). */
export type MiniResultDoc = Doc & {
  personId: string;
  dilemmaId: string;
  archetypeId: string;
  day: string;
  completedAt: string;
};

/** Each person's standing journey results, and who shares an archetype on a dilemma a day. */
export const miniResultsProjection = projection({
  name: 'mini-results',
  version: 1,
  collections: {
    mini_results: collection<MiniResultDoc>(
      { key: { personId: 1, day: 1 } },
      { key: { dilemmaId: 1, archetypeId: 1, day: 1, completedAt: -1 } },
    ),
  },
  on: {
    MiniJourneyCompleted: async ({ data }, db) => {
      await db.mini_results.upsertOne({
        _id: data.journeyId,
        personId: data.personId,
        dilemmaId: data.dilemmaId,
        archetypeId: data.archetypeId,
        day: data.day,
        completedAt: data.at,
      });
    },
    MiniResultReset: async ({ data }, db) => {
      await db.mini_results.deleteOne({ _id: data.journeyId });
    },
    PersonErased: async ({ data }, db) => {
      await db.mini_results.deleteMany({ personId: data.personId });
    },
  },
});
