import { systemClock } from '../../infra/clock';
import type { Logger } from '../../infra/logger';
import { allProjections, allReactors } from '../../projections';
import { ProjectionEngine, type EngineOptions } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import type { CommandContext } from '../commands/run';
import { startMapKeeper } from '../opinions/map-keeper';
import { opinionMaps, type OpinionMaps } from '../opinions/opinion-maps';
import { projectionOperations, type ProjectionOperations } from '../ops/projection-ops';
import { reactionDispatcher } from '../reactions';
import type { Stores } from '../stores';

/** What a process runs: HTTP and ws (api), projections (projector), or both (all). */
export type Role = 'all' | 'api' | 'projector';

export type Runtime = {
  stores: Stores;
  readModels: StoreReadModels;
  /** Null in an api process: the projections run elsewhere. */
  engine: ProjectionEngine | null;
  ops: ProjectionOperations;
  opinionMaps: OpinionMaps;
  close(): Promise<void>;
};

/** How often the opinion map keeper looks for questions whose matrix changed. */
const MAP_KEEPER_TICK_MS = 5000;

/**
 * The parts every process shares: the stores, the read models it serves from (following
 * the store, whoever runs the projections), and, unless it is api-only, the projection
 * engine, which takes every free projection lease.
 */
export const openRuntime = async (
  stores: Stores,
  role: Role,
  logger: Logger,
  options: EngineOptions & {
    /** What reactors' commands run with (the process's clock, rules, ids and stream locks). */
    commands?: Omit<CommandContext, 'events' | 'logger'>;
    /** Shortest time between two computations of one question's opinion map. */
    opinionMapIntervalMs?: number;
  } = {},
): Promise<Runtime> => {
  const { commands, opinionMapIntervalMs = 60_000, ...engineOptions } = options;
  const readModels = new StoreReadModels(stores.readStore, allProjections);
  await readModels.start();
  const engine =
    role === 'api'
      ? null
      : new ProjectionEngine(stores.events, stores.readStore, allProjections, logger, {
          ...engineOptions,
          ...(commands
            ? {
                reactors: allReactors,
                readModels,
                dispatch: reactionDispatcher({ ...commands, events: stores.events, logger }),
              }
            : {}),
        });
  await engine?.start();
  const ops = projectionOperations(
    stores.events,
    stores.readStore,
    allProjections,
    engine,
    logger,
    allReactors.map((reactor) => reactor.name),
  );
  const clock = commands?.clock ?? systemClock;
  const maps = opinionMaps(stores.readStore, readModels, clock, opinionMapIntervalMs);
  // Where projections run, maps are kept current; an api process computes them when asked.
  const keeper = engine
    ? startMapKeeper(maps, stores.readStore.leases, {
        owner: engine.owner,
        tickMs: MAP_KEEPER_TICK_MS,
        clock,
        logger,
      })
    : null;
  return {
    stores,
    readModels,
    engine,
    ops,
    opinionMaps: maps,
    close: async () => {
      await keeper?.stop();
      ops.close();
      await engine?.stop();
      readModels.stop();
      await stores.close();
    },
  };
};
