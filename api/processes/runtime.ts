import type { Logger } from '../../infra/logger';
import { allProjections, allReactors } from '../../projections';
import { ProjectionEngine, type EngineOptions } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import type { CommandContext } from '../commands/run';
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
  close(): Promise<void>;
};

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
  } = {},
): Promise<Runtime> => {
  const { commands, ...engineOptions } = options;
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
  return {
    stores,
    readModels,
    engine,
    ops,
    close: async () => {
      ops.close();
      await engine?.stop();
      readModels.stop();
      await stores.close();
    },
  };
};
