import { randomInt } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  REVIEW_ARCHETYPES_SHOWN,
  type DiverseTemplateDto,
  type MiniAdminContextDto,
  type MiniAdminWriteDto,
  type PendingDilemmaDto,
} from '../../domain/contracts/mini-admin';
import {
  associationParams,
  createChoiceBody,
  createDilemmaBody,
  createDiverseBody,
  dilemmaIdParams,
  scheduleDilemmaBody,
} from '../../domain/contracts/schemas/mini-admin';
import {
  copyOfTree,
  diversityOf,
  problemSentences,
  templateOf,
  treeOfTemplate,
} from '../../domain/mini/admin-review';
import { bankArchetypes, miniBank } from '../../domain/mini/bank';
import { dilemmasOfTheDay } from '../../domain/mini/dilemma-of-the-day';
import {
  dilemmaDecider,
  dilemmas,
  dilemmaStreamId,
  type DilemmaEvent,
} from '../../domain/mini/dilemmas';
import type { DilemmaTree } from '../../domain/mini/tree';
import { fold } from '../../domain/shared/decider';
import { conflict, invalid, notFound } from '../../domain/shared/errors';
import { addDays } from '../../domain/shared/product-day';
import type { MiniArchetypeDoc } from '../../projections/mini-catalog';
import { miniAdminProjection, type MiniAdminDilemmaDoc } from '../../projections/mini-admin';
import { dilemmaOfDay, findArchetype } from '../commands/mini-day';
import { today } from '../commands/question-of-the-day';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { adminSessionOf, requireAdmin } from '../http/guards';
import { parseInput } from '../http/validation';

/** The most pending dilemmas the review list shows, newest first. */
const PENDING_LISTED = 100;

const written = (id: string, position: bigint | null): MiniAdminWriteDto => ({
  id,
  position: position?.toString() ?? null,
});

/**
 * The Mini tab: dilemmas admins write or draw from the bank, reviewed while pending, then
 * activated as today's dilemma or scheduled for a later day. Every route checks the admin's
 * token on the server, and every command names the admin who acted.
 */
export const adminMiniRoutes = (ctx: AppContext) => {
  const router = Router();
  const admin = requireAdmin(ctx);
  const view = () => ctx.readModels.of(miniAdminProjection);
  const by = (req: Request) => adminSessionOf(req).username;
  const now = () => ctx.clock.now();

  /** The dilemma as its own stream holds it (the read model may lag a moment behind). */
  const catalogTree = async (dilemmaId: string): Promise<DilemmaTree> => {
    const history = await ctx.events.readStream(dilemmaStreamId(dilemmaId));
    const state = fold(dilemmaDecider, history as unknown as DilemmaEvent[]);
    if (!state.exists || state.deleted) {
      throw notFound('Dilemma not found', `There is no dilemma ${dilemmaId}.`);
    }
    return state.tree;
  };

  const activatedOn = async (dilemmaId: string) =>
    (await view().mini_admin_dilemmas.findOne({ _id: dilemmaId }))?.activatedOn ?? null;

  const archetypesOf = async (doc: MiniAdminDilemmaDoc) => {
    const ids = [...new Set(doc.choices.flatMap((c) => c.archetypeIds))];
    const found = await Promise.all(
      ids.slice(0, REVIEW_ARCHETYPES_SHOWN).map((id) => findArchetype(ctx, id)),
    );
    return found.filter((a) => a !== null);
  };

  const toPending = async (doc: MiniAdminDilemmaDoc): Promise<PendingDilemmaDto> => ({
    id: doc._id,
    content: doc.content,
    isActive: false,
    dateAdded: doc.dateAdded,
    scheduledDate: doc.scheduledDate,
    source: doc.source,
    createdBy: doc.createdBy,
    choices: doc.choices,
    archetypes: await archetypesOf(doc),
    problems: problemSentences({ dilemmaId: doc._id, content: doc.content, choices: doc.choices }),
  });

  const create = async (req: Request, tree: DilemmaTree, source: 'admin' | 'bank' | 'generated') =>
    handle(ctx, dilemmas, {
      type: 'CreateDilemma',
      dilemmaId: tree.dilemmaId,
      content: tree.content,
      source,
      by: by(req),
      choices: tree.choices,
      at: now(),
    });

  router.get('/admin/mini', admin, async (_req, res) => {
    const defined = await ctx.readModels
      .collection<MiniArchetypeDoc>('mini_archetypes')
      .find({}, { sort: { _id: 1 } });
    const ids = [...bankArchetypes.map((a) => a.id), ...defined.map((d) => d._id)];
    const archetypes = (await Promise.all(ids.map((id) => findArchetype(ctx, id)))).filter(
      (a) => a !== null,
    );
    const day = today(ctx);
    res.json({ today: day, tomorrow: addDays(day, 1), archetypes } satisfies MiniAdminContextDto);
  });

  router.get('/admin/dilemmas/pending', admin, async (_req, res) => {
    const docs = await view().mini_admin_dilemmas.find(
      { status: 'pending' },
      { sort: { status: 1, dateAdded: -1 }, limit: PENDING_LISTED },
    );
    res.json(await Promise.all(docs.map(toPending)));
  });

  router.post('/mini/dilemma', admin, async (req, res) => {
    const body = parseInput(createDilemmaBody, req.body);
    const dilemmaId = ctx.newId();
    const { position } = await create(
      req,
      { dilemmaId, content: body.content, choices: [] },
      'admin',
    );
    res.status(201).json(written(dilemmaId, position));
  });

  router.post('/mini/choice', admin, async (req, res) => {
    const body = parseInput(createChoiceBody, req.body);
    const choiceId = ctx.newId();
    const { position } = await handle(ctx, dilemmas, {
      type: 'AddChoice',
      dilemmaId: body.dilemmaId,
      choiceId,
      parentChoiceId: body.parentChoiceId ?? null,
      content: body.content,
      depth: body.depth,
      leadToArchetype: body.leadToArchetype ?? false,
      by: by(req),
      at: now(),
    });
    res.status(201).json(written(choiceId, position));
  });

  router.post('/mini/choice/:choiceId/archetype/:archetypeId', admin, async (req, res) => {
    const { choiceId, archetypeId } = parseInput(associationParams, req.params, 'params');
    const choice = await view().mini_admin_choices.findOne({ _id: choiceId });
    if (!choice) {
      throw invalid(
        'choiceId',
        'Invalid association',
        'Please select both a choice and an archetype',
      );
    }
    if (!(await findArchetype(ctx, archetypeId))) {
      throw invalid(
        'archetypeId',
        'Invalid association',
        'Please select both a choice and an archetype',
      );
    }
    const { position } = await handle(ctx, dilemmas, {
      type: 'LinkChoiceToArchetype',
      dilemmaId: choice.dilemmaId,
      choiceId,
      archetypeId,
      by: by(req),
      at: now(),
    });
    res.status(201).json(written(choiceId, position));
  });

  /** Makes the dilemma today's, unless someone already completed today's (409, tomorrow offered). */
  const activateToday = async (id: string, admin: string) => {
    const tree = await catalogTree(id);
    const day = today(ctx);
    const used = await activatedOn(id);
    if (used !== null && used !== day) {
      throw conflict('Dilemma already used', `This dilemma was activated on ${used}.`);
    }
    const current = await dilemmaOfDay(ctx, day);
    const todays = await view().mini_admin_days.findOne({ _id: day });
    const completedToday =
      current && todays?.dilemmaId === current.dilemmaId ? todays.completions : 0;
    return handle(ctx, dilemmasOfTheDay, {
      type: 'ActivateDilemma',
      day,
      dilemma: tree,
      source: 'admin',
      by: admin,
      completedToday,
      at: now(),
    });
  };

  router.post('/admin/dilemmas/:id/activate', admin, async (req, res) => {
    const { id } = parseInput(dilemmaIdParams, req.params, 'params');
    const { position } = await activateToday(id, by(req));
    res.json(written(id, position));
  });

  // The spec's minimum date for dilemma scheduling is today: today's date makes it today's
  // dilemma at once (today already has one, so a schedule alone would never take effect).
  router.post('/admin/dilemmas/:id/schedule', admin, async (req, res) => {
    const { id } = parseInput(dilemmaIdParams, req.params, 'params');
    const { scheduledDate } = parseInput(scheduleDilemmaBody, req.body);
    const day = today(ctx);
    if (scheduledDate === day) {
      const { position } = await activateToday(id, by(req));
      res.json(written(id, position));
      return;
    }
    const { position } = await handle(ctx, dilemmas, {
      type: 'ScheduleDilemma',
      dilemmaId: id,
      day: scheduledDate,
      today: day,
      activatedOn: await activatedOn(id),
      by: by(req),
      at: now(),
    });
    res.json(written(id, position));
  });

  router.delete('/admin/dilemmas/:id', admin, async (req, res) => {
    const { id } = parseInput(dilemmaIdParams, req.params, 'params');
    const { position } = await handle(ctx, dilemmas, {
      type: 'DeleteDilemma',
      dilemmaId: id,
      activatedOn: await activatedOn(id),
      by: by(req),
      at: now(),
    });
    res.json(written(id, position));
  });

  /** A bank dilemma, drawn at random, copied into the catalog for review. */
  router.post('/admin/mini/generate-random', admin, async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {});
    const tree = copyOfTree(miniBank[randomInt(miniBank.length)]!, ctx.newId());
    const { position } = await create(req, tree, 'bank');
    res.status(201).json(written(tree.dilemmaId, position));
  });

  /** A template from one of the bank's most diverse trees (its first options reach many archetypes). */
  router.get('/admin/generate-diverse-dilemma', admin, (_req, res) => {
    const most = Math.max(...miniBank.map(diversityOf));
    const diverse = miniBank.filter((tree) => diversityOf(tree) >= most - 1);
    const template: DiverseTemplateDto = templateOf(diverse[randomInt(diverse.length)]!);
    res.json(template);
  });

  router.post('/admin/create-diverse-dilemma', admin, async (req, res) => {
    const { template } = parseInput(createDiverseBody, req.body);
    const tree = treeOfTemplate(template, ctx.newId());
    const { position } = await create(req, tree, 'generated');
    res.status(201).json(written(tree.dilemmaId, position));
  });

  return router;
};
