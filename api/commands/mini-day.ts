import type { ArchetypeDto } from '../../domain/contracts/mini';
import { bankArchetype, miniBank, nextBankDilemma } from '../../domain/mini/bank';
import {
  dilemmaOfTheDayStreamId,
  dilemmasOfTheDay,
  treeOfActivation,
  type DilemmaOfTheDayEvent,
} from '../../domain/mini/dilemma-of-the-day';
import { dilemmaDecider, dilemmaStreamId, type DilemmaEvent } from '../../domain/mini/dilemmas';
import type { DilemmaTree } from '../../domain/mini/tree';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import type { ProductDay } from '../../domain/shared/product-day';
import type { MiniArchetypeDoc, MiniDayDoc, MiniScheduleDoc } from '../../projections/mini-catalog';
import type { AppContext } from '../context';
import { handle } from './run';
import { today } from './question-of-the-day';

/** The dilemma a day walks: the read model, else the day's own stream (activated a moment ago). */
export const dilemmaOfDay = async (
  ctx: AppContext,
  day: ProductDay = today(ctx),
): Promise<DilemmaTree | null> => {
  const doc = await ctx.readModels.collection<MiniDayDoc>('mini_days').findOne({ _id: day });
  if (doc) return { dilemmaId: doc.dilemmaId, content: doc.content, choices: doc.choices };
  const history = await ctx.events.readStream(dilemmaOfTheDayStreamId(day));
  const last = history[history.length - 1] as unknown as DilemmaOfTheDayEvent | undefined;
  return last ? treeOfActivation(last) : null;
};

/** A dilemma of the catalog scheduled for the day, with its tree, when it still exists. */
const scheduledFor = async (ctx: AppContext, day: ProductDay): Promise<DilemmaTree | null> => {
  const scheduled = await ctx.readModels
    .collection<MiniScheduleDoc>('mini_schedule')
    .find({ day }, { sort: { dilemmaId: 1 }, limit: 1 });
  if (!scheduled[0]) return null;
  const history = await ctx.events.readStream(dilemmaStreamId(scheduled[0].dilemmaId));
  const state = fold(dilemmaDecider, history as unknown as DilemmaEvent[]);
  return state.exists && !state.deleted ? state.tree : null;
};

const activate = (
  ctx: AppContext,
  day: ProductDay,
  dilemma: DilemmaTree,
  source: 'bank' | 'schedule',
) =>
  handle(ctx, dilemmasOfTheDay, {
    type: 'ActivateDilemma',
    day,
    dilemma,
    source,
    by: null,
    completedToday: 0,
    at: ctx.clock.now(),
  });

/**
 * Makes sure the day has its dilemma: the one an admin scheduled, else the bank's next unused
 * one. Safe from many processes at once: the day's stream takes the first activation only.
 */
export const ensureMiniDilemma = async (ctx: AppContext, day: ProductDay = today(ctx)) => {
  if (await dilemmaOfDay(ctx, day)) return;
  const scheduled = await scheduledFor(ctx, day);
  if (scheduled) {
    try {
      await activate(ctx, day, scheduled, 'schedule');
      return;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      ctx.logger.warn(
        { err: error, day },
        'the scheduled dilemma cannot be walked; using the bank',
      );
    }
  }
  const days = await ctx.readModels
    .collection<MiniDayDoc>('mini_days')
    .find({}, { projection: { dilemmaId: 1, day: 1 } });
  const lastUsed = new Map<string, ProductDay>();
  for (const d of days) {
    if ((lastUsed.get(d.dilemmaId) ?? '') < d.day) lastUsed.set(d.dilemmaId, d.day);
  }
  await activate(ctx, day, nextBankDilemma(miniBank, lastUsed), 'bank');
};

/** An archetype of the bank or one an admin defined, or null. */
export const findArchetype = async (ctx: AppContext, id: string): Promise<ArchetypeDto | null> => {
  const bank = bankArchetype(id);
  if (bank) return { ...bank, coreValues: [...bank.coreValues] };
  const doc = await ctx.readModels
    .collection<MiniArchetypeDoc>('mini_archetypes')
    .findOne({ _id: id });
  return doc
    ? {
        id: doc._id,
        name: doc.name,
        description: doc.description,
        worldview: doc.worldview,
        coreValues: doc.coreValues,
        approach: doc.approach,
      }
    : null;
};
