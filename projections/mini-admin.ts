import type { AdminChoiceDto } from '../domain/contracts/mini-admin';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is the dilemma id: a dilemma of the catalog as the Mini tab reviews it. */
export type MiniAdminDilemmaDoc = Doc & {
  content: string;
  source: 'admin' | 'bank' | 'generated';
  createdBy: string | null;
  dateAdded: string;
  scheduledDate: string | null;
  /** Pending until a day walks it; back to pending when an admin replaced it that same day. */
  status: 'pending' | 'activated';
  activatedOn: string | null;
  choices: AdminChoiceDto[];
};

/** `_id` is the choice id: which dilemma it belongs to (associations name the choice only). */
export type MiniAdminChoiceDoc = Doc & { dilemmaId: string };

/** `_id` is the product day: the dilemma it walks and how many journeys were completed on it. */
export type MiniAdminDayDoc = Doc & { dilemmaId: string; completions: number };

/** The Mini tab's review list, and what an activation needs to know about today. */
export const miniAdminProjection = projection({
  name: 'mini-admin',
  version: 1,
  collections: {
    mini_admin_dilemmas: collection<MiniAdminDilemmaDoc>({ key: { status: 1, dateAdded: -1 } }),
    mini_admin_choices: collection<MiniAdminChoiceDoc>({ key: { dilemmaId: 1 } }),
    mini_admin_days: collection<MiniAdminDayDoc>(),
  },
  on: {
    MiniDilemmaCreated: async ({ data }, db) => {
      await db.mini_admin_dilemmas.upsertOne({
        _id: data.dilemmaId,
        content: data.content,
        source: data.source,
        createdBy: data.by,
        dateAdded: data.at,
        scheduledDate: null,
        status: 'pending',
        activatedOn: null,
        choices: [],
      });
    },
    MiniChoiceAdded: async ({ data }, db) => {
      const dilemma = await db.mini_admin_dilemmas.findOne({ _id: data.dilemmaId });
      if (!dilemma) return;
      const { choiceId: id, parentChoiceId, content, depth, leadToArchetype } = data;
      const choice = { id, parentChoiceId, content, depth, leadToArchetype, archetypeIds: [] };
      await db.mini_admin_dilemmas.updateOne(
        { _id: data.dilemmaId },
        { $set: { choices: [...dilemma.choices, choice] } },
      );
      await db.mini_admin_choices.upsertOne({ _id: id, dilemmaId: data.dilemmaId });
    },
    MiniChoiceLinkedToArchetype: async ({ data }, db) => {
      const dilemma = await db.mini_admin_dilemmas.findOne({ _id: data.dilemmaId });
      if (!dilemma) return;
      const choices = dilemma.choices.map((c) =>
        c.id === data.choiceId ? { ...c, archetypeIds: [...c.archetypeIds, data.archetypeId] } : c,
      );
      await db.mini_admin_dilemmas.updateOne({ _id: data.dilemmaId }, { $set: { choices } });
    },
    MiniDilemmaScheduled: async ({ data }, db) => {
      await db.mini_admin_dilemmas.updateOne(
        { _id: data.dilemmaId },
        { $set: { scheduledDate: data.day } },
      );
    },
    MiniDilemmaDeleted: async ({ data }, db) => {
      await db.mini_admin_dilemmas.deleteOne({ _id: data.dilemmaId });
      await db.mini_admin_choices.deleteMany({ dilemmaId: data.dilemmaId });
    },
    MiniDilemmaActivated: async ({ data }, db) => {
      const before = await db.mini_admin_days.findOne({ _id: data.day });
      if (before && before.dilemmaId !== data.dilemmaId) {
        const replaced = await db.mini_admin_dilemmas.findOne({ _id: before.dilemmaId });
        if (replaced?.activatedOn === data.day) {
          await db.mini_admin_dilemmas.updateOne(
            { _id: before.dilemmaId },
            { $set: { status: 'pending', activatedOn: null } },
          );
        }
      }
      await db.mini_admin_days.upsertOne({
        _id: data.day,
        dilemmaId: data.dilemmaId,
        completions: 0,
      });
      await db.mini_admin_dilemmas.updateOne(
        { _id: data.dilemmaId },
        { $set: { status: 'activated', activatedOn: data.day } },
      );
    },
    MiniJourneyCompleted: async ({ data }, db) => {
      const day = await db.mini_admin_days.findOne({ _id: data.day });
      if (day?.dilemmaId !== data.dilemmaId) return;
      await db.mini_admin_days.updateOne({ _id: data.day }, { $inc: { completions: 1 } });
    },
  },
});
