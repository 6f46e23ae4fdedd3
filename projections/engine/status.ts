import type { EventStore } from '../../infra/event-store/event-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { Projection } from './define';
import type { ProjectionEngine } from './engine';
import { STATE_COLLECTION, type StateDoc } from './processor';

export type ProjectionStatus = {
  name: string;
  version: number;
  generation: number;
  checkpoint: string | null;
  head: string | null;
  /** Events in the log after the checkpoint (counted up to 1,000,000). */
  lagEvents: number;
  state: 'live' | 'catching-up' | 'rebuilding' | 'stopped' | 'elsewhere' | 'unclaimed';
  /** The process holding the lease, when one does. */
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  lastError: string | null;
  /** Where a rebuild in progress has reached. */
  rebuildCheckpoint: string | null;
};

const LAG_CAP = 1_000_000;

/** Every projection's standing, from the store (so any process can tell) plus this process's engine. */
export const projectionStatus = async (
  events: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  engine: ProjectionEngine | null,
): Promise<ProjectionStatus[]> => {
  const head = await events.headPosition();
  const ids = projections.flatMap((p) => [p.name, `${p.name}#rebuild`]);
  const states = new Map(
    (await readStore.collection<StateDoc>(STATE_COLLECTION).find({ _id: { $in: ids } })).map(
      (s) => [s._id, s],
    ),
  );
  const leases = new Map((await readStore.leases.list()).map((l) => [l.name, l]));
  const now = Date.now();
  return Promise.all(
    projections.map(async (projection): Promise<ProjectionStatus> => {
      const state = states.get(projection.name);
      const rebuild = states.get(`${projection.name}#rebuild`);
      const lease = leases.get(projection.name);
      const held = lease && lease.expiresAt > now ? lease : null;
      const local = engine?.held().includes(projection.name) ? engine : null;
      const checkpoint = state?.checkpoint ?? null;
      const mode = local?.processorOf(projection.name)?.status().mode;
      return {
        name: projection.name,
        version: projection.version,
        generation: state?.generation ?? 1,
        checkpoint,
        head: head?.toString() ?? null,
        lagEvents:
          head === null
            ? 0
            : await events.countEventsAfter(checkpoint ? BigInt(checkpoint) : null, LAG_CAP),
        state: local?.isRebuilding(projection.name)
          ? 'rebuilding'
          : local
            ? (mode ?? 'stopped')
            : held
              ? 'elsewhere'
              : 'unclaimed',
        leaseOwner: held?.owner ?? null,
        leaseExpiresAt: held ? new Date(held.expiresAt).toISOString() : null,
        lastError:
          local?.processorOf(projection.name)?.lastError ??
          (local ? local.tailError() : null) ??
          state?.lastError ??
          null,
        rebuildCheckpoint: rebuild?.checkpoint ?? null,
      };
    }),
  );
};
