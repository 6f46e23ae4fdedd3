import { notFound } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { Projection } from './define';
import { requestRebuild, type ProjectionEngine, type RebuildReport } from './engine';
import { projectionStatus, type ProjectionStatus } from './status';

/** Status and rebuilds, from a process that may or may not run the projections itself. */
export const projectionOps = (
  events: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  engine: ProjectionEngine | null,
) => ({
  status: (): Promise<ProjectionStatus[]> =>
    projectionStatus(events, readStore, projections, engine),
  rebuild: async (name: string): Promise<RebuildReport | null> => {
    if (!projections.some((p) => p.name === name)) {
      throw notFound('Unknown projection', `There is no projection named ${name}.`);
    }
    if (engine?.held().includes(name)) return engine.rebuild(name);
    await requestRebuild(readStore, name);
    return null;
  },
});
