import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

type TreeChoiceDoc = {
  id: string;
  parentChoiceId: string | null;
  content: string;
  depth: number;
  leadToArchetype: boolean;
  archetypeIds: string[];
};

/** `_id` is the product day: the dilemma that day walks, with the tree it was activated with. */
export type MiniDayDoc = Doc & {
  day: string;
  dilemmaId: string;
  content: string;
  choices: TreeChoiceDoc[];
  source: 'bank' | 'schedule' | 'admin';
};

/** `_id` is the dilemma id: the day an admin scheduled it for. */
export type MiniScheduleDoc = Doc & { dilemmaId: string; day: string };

/** `_id` is the archetype id: an archetype an admin defined (the bank's live in the code). */
export type MiniArchetypeDoc = Doc & {
  name: string;
  description: string;
  worldview: string;
  coreValues: string[];
  approach: string;
};

/** Which dilemma each day walked, what is scheduled, and the archetypes admins defined. */
export const miniCatalogProjection = projection({
  name: 'mini-catalog',
  version: 2,
  collections: {
    mini_days: collection<MiniDayDoc>({ key: { dilemmaId: 1, day: -1 } }),
    mini_schedule: collection<MiniScheduleDoc>({ key: { day: 1, dilemmaId: 1 } }),
    mini_archetypes: collection<MiniArchetypeDoc>(),
  },
  on: {
    MiniDilemmaActivated: async ({ data }, db) => {
      // Walked now: a later day it was scheduled for takes another (version 2).
      await db.mini_schedule.deleteMany({ _id: data.dilemmaId, day: { $gte: data.day } });
      await db.mini_days.upsertOne({
        _id: data.day,
        day: data.day,
        dilemmaId: data.dilemmaId,
        content: data.content,
        choices: data.choices,
        source: data.source,
      });
    },
    MiniDilemmaScheduled: async ({ data }, db) => {
      await db.mini_schedule.upsertOne({
        _id: data.dilemmaId,
        dilemmaId: data.dilemmaId,
        day: data.day,
      });
    },
    MiniDilemmaDeleted: async ({ data }, db) => {
      await db.mini_schedule.deleteOne({ _id: data.dilemmaId });
    },
    MiniArchetypeDefined: async ({ data }, db) => {
      await db.mini_archetypes.upsertOne({
        _id: data.archetypeId,
        name: data.name,
        description: data.description,
        worldview: data.worldview,
        coreValues: data.coreValues,
        approach: data.approach,
      });
    },
  },
});
