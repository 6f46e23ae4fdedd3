import { Router, type Request } from 'express';
import { z } from 'zod';
import type {
  ArchetypeDto,
  ChoiceDto,
  DilemmaDto,
  FellowTravelerDto,
  NarrativeResultDto,
  SaveResultDto,
  TodayResultDto,
} from '../../domain/contracts/mini';
import { miniId, narrativeResultBody, saveResultBody } from '../../domain/contracts/schemas/mini';
import { bankArchetypes } from '../../domain/mini/bank';
import { journeys, type CompleteJourney } from '../../domain/mini/journeys';
import { narrativeOf } from '../../domain/mini/narrative';
import {
  archetypeOfPath,
  childrenOf,
  rootChoices,
  type DilemmaTree,
  type TreeChoice,
} from '../../domain/mini/tree';
import { notFound } from '../../domain/shared/errors';
import type { MiniArchetypeDoc } from '../../projections/mini-catalog';
import type { MiniResultDoc } from '../../projections/mini-results';
import { dilemmaOfDay, findArchetype } from '../commands/mini-day';
import { today } from '../commands/question-of-the-day';
import { handle } from '../commands/run';
import type { AppContext } from '../context';
import { requireAccount } from '../http/guards';
import { parseInput } from '../http/validation';
import { sessionPerson } from '../policies/mini-travelers';

const idParams = z.strictObject({ id: miniId('id') });
const pairParams = z.strictObject({
  dilemmaId: miniId('dilemmaId'),
  archetypeId: miniId('archetypeId'),
});

/** How many fellow travellers are listed; X-Total-Count says how many there are. */
const FELLOW_TRAVELERS_LISTED = 100;

const toChoiceDto =
  (dilemmaId: string) =>
  (c: TreeChoice): ChoiceDto => ({
    id: c.id,
    dilemmaId,
    parentChoiceId: c.parentChoiceId,
    content: c.content,
    depth: c.depth,
    leadToArchetype: c.leadToArchetype,
  });

const toDilemmaDto = (tree: DilemmaTree): DilemmaDto => ({
  id: tree.dilemmaId,
  content: tree.content,
});

const known = (list: (ArchetypeDto | null)[]) => list.filter((a): a is ArchetypeDto => a !== null);

type JourneyFields = Pick<
  CompleteJourney,
  'dilemmaId' | 'path' | 'claimedArchetypeId' | 'whenDone' | 'active'
>;

/** Mini needs a signed-in account: every call here answers 401 without one. */
export const miniRoutes = (ctx: AppContext) => {
  const router = Router();
  const session = requireAccount(ctx);
  const results = () => ctx.readModels.collection<MiniResultDoc>('mini_results');

  const personOf = (req: Request) => sessionPerson(ctx, req);

  const todaysTree = async () => {
    const tree = await dilemmaOfDay(ctx);
    if (!tree) {
      throw notFound('No active dilemma', 'No active dilemma found. Please check back later.');
    }
    return tree;
  };

  /** Today's tree when the id names it; 404 for any other dilemma. */
  const todaysTreeNamed = async (dilemmaId: string) => {
    const tree = await todaysTree();
    if (tree.dilemmaId !== dilemmaId) {
      throw notFound('Dilemma not found', `Dilemma ${dilemmaId} is not today’s dilemma.`);
    }
    return tree;
  };

  const choiceOfToday = async (choiceId: string) => {
    const tree = await todaysTree();
    const choice = tree.choices.find((c) => c.id === choiceId);
    if (!choice) {
      throw notFound('Choice not found', `Choice ${choiceId} is not part of today’s dilemma.`);
    }
    return { tree, choice };
  };

  const complete = async (req: Request, fields: JourneyFields) =>
    handle(ctx, journeys(ctx.dayRules), {
      type: 'CompleteJourney',
      journeyId: ctx.newId(),
      personId: await personOf(req),
      at: ctx.clock.now(),
      ...fields,
    });

  router.get('/mini/current', session, async (_req, res) => {
    res.json(toDilemmaDto(await todaysTree()));
  });

  router.get('/mini/dilemma/active', session, async (_req, res) => {
    const tree = await todaysTree();
    res.json({ ...toDilemmaDto(tree), isActive: true, dateAdded: today(ctx) });
  });

  router.get('/mini/dilemma/:id/result', session, async (req, res) => {
    const { id } = parseInput(idParams, req.params, 'params');
    const standing = await results().findOne({
      personId: await personOf(req),
      day: today(ctx),
      dilemmaId: id,
    });
    const result: TodayResultDto = { dilemmaId: id, archetypeId: standing?.archetypeId ?? null };
    res.json(result);
  });

  router.get('/mini/dilemma/:id/choices', session, async (req, res) => {
    const { id } = parseInput(idParams, req.params, 'params');
    const tree = await todaysTreeNamed(id);
    res.json(rootChoices(tree).map(toChoiceDto(tree.dilemmaId)));
  });

  router.get('/mini/choice/:id/choices', session, async (req, res) => {
    const { id } = parseInput(idParams, req.params, 'params');
    const { tree } = await choiceOfToday(id);
    res.json(childrenOf(tree, id).map(toChoiceDto(tree.dilemmaId)));
  });

  router.get('/mini/choice/:id/archetypes', session, async (req, res) => {
    const { id } = parseInput(idParams, req.params, 'params');
    const { choice } = await choiceOfToday(id);
    res.json(known(await Promise.all(choice.archetypeIds.map((a) => findArchetype(ctx, a)))));
  });

  router.post('/mini/result', session, async (req, res) => {
    const body = parseInput(saveResultBody, req.body);
    const { events, position } = await complete(req, {
      dilemmaId: body.dilemmaId,
      path: body.path,
      claimedArchetypeId: body.archetypeId,
      whenDone: 'refuse',
      active: await dilemmaOfDay(ctx),
    });
    const completed = events[0]!;
    if (completed.type !== 'MiniJourneyCompleted') throw new Error('Unexpected event');
    const saved: SaveResultDto = {
      dilemmaId: completed.data.dilemmaId,
      archetypeId: completed.data.archetypeId,
      path: completed.data.path,
      position: position?.toString() ?? null,
    };
    res.status(201).json(saved);
  });

  router.post('/mini/reset', session, async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {});
    const { position } = await handle(ctx, journeys(ctx.dayRules), {
      type: 'ResetResult',
      personId: await personOf(req),
      at: ctx.clock.now(),
    });
    res.json({ message: 'Result reset successfully', position: position?.toString() ?? null });
  });

  router.get('/mini/archetypes', session, async (_req, res) => {
    const defined = await ctx.readModels
      .collection<MiniArchetypeDoc>('mini_archetypes')
      .find({}, { sort: { _id: 1 } });
    const ids = [...bankArchetypes.map((a) => a.id), ...defined.map((d) => d._id)];
    res.json(known(await Promise.all(ids.map((id) => findArchetype(ctx, id)))));
  });

  router.get('/mini/archetype/:id', session, async (req, res) => {
    const { id } = parseInput(idParams, req.params, 'params');
    const archetype = await findArchetype(ctx, id);
    if (!archetype) throw notFound('Result Not Found', `There is no archetype ${id}.`);
    res.json(archetype);
  });

  router.get(
    '/mini/dilemma/:dilemmaId/archetype/:archetypeId/results',
    session,
    async (req, res) => {
      const { dilemmaId, archetypeId } = parseInput(pairParams, req.params, 'params');
      const filter = {
        dilemmaId,
        archetypeId,
        day: today(ctx),
        personId: { $ne: await personOf(req) },
      };
      const [fellows, total] = await Promise.all([
        results().find(filter, { sort: { completedAt: -1 }, limit: FELLOW_TRAVELERS_LISTED }),
        results().count(filter),
      ]);
      res.set('X-Total-Count', String(total));
      res.json(fellows.map((f): FellowTravelerDto => ({ completedAt: f.completedAt })));
    },
  );

  router.get('/mini/narrative', session, async (_req, res) => {
    res.set('Cache-Control', 'private, max-age=1800');
    res.json(narrativeOf(await todaysTree()));
  });

  router.post('/mini/narrative/result', session, async (req, res) => {
    const body = parseInput(narrativeResultBody, req.body);
    const active = await todaysTree();
    const { events, position } = await complete(req, {
      dilemmaId: active.dilemmaId,
      path: body.choiceIds,
      whenDone: 'keep',
      active,
    });
    // Checked by the command: the archetype of the path walked, whether recorded or not.
    const archetype = await findArchetype(ctx, archetypeOfPath(active, body.choiceIds));
    if (!archetype) throw notFound('No archetype', 'Failed to determine your archetype.');
    const result: NarrativeResultDto = {
      archetype,
      recorded: events.length > 0,
      position: position?.toString() ?? null,
    };
    res.status(result.recorded ? 201 : 200).json(result);
  });

  return router;
};
