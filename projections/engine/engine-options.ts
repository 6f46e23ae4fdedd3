import { collectionNames, type Projection } from './define';
import type { ProjectionObserver } from './processor';
import type { Reactor } from './reactor';
import type { Dispatch } from './reactor-processor';
import type { ReadModels } from './read-models';

export type EngineOptions = {
  /** Names this process in leases; random by default. */
  owner?: string;
  leaseTtlMs?: number;
  /** How often held leases are renewed and free ones sought. */
  leaseCheckMs?: number;
  batchSize?: number;
  catchUpBatchSize?: number;
  /** Longest a live unit of work applies events before it commits. */
  maxBatchMs?: number;
  /** Longest a unit of a projection catching up by pages of its own runs before it commits. */
  catchUpUnitMs?: number;
  /**
   * Longest a rebuild's unit of work runs before it commits: each writes a document once
   * however many of its events touch it, so the larger the unit, the fewer writes.
   */
  rebuildUnitMs?: number;
  /** Events a rebuild reads from the log at once (each page is handed to every projection). */
  rebuildPageSize?: number;
  /**
   * Projections a rebuild runs units of at once: by default 4 on PostgreSQL (each unit holds a
   * connection of the pool), 1 elsewhere (the embedded store commits one unit at a time).
   */
  rebuildConcurrency?: number;
  tailCapacity?: number;
  /**
   * From how many events in the log a projection never built before is built through the
   * rebuild path (one read of the log for all of them) rather than batch by batch on the live
   * path.
   */
  firstBuildFrom?: number;
  /** How long an old generation is kept after a swap, for reads already under way. */
  dropDelayMs?: number;
  /** Processors of their own whose output is commands (see Reactor); none by default. */
  reactors?: readonly Reactor[];
  /** What reactors read through (the projections' serving generations); needed with reactors. */
  readModels?: ReadModels;
  /** Runs the commands reactors ask for; needed with reactors. */
  dispatch?: Dispatch;
  /** Longest a reactor's batch waits for the projections it reads. */
  reactorReadWaitMs?: number;
  /** Tries of one event's reactions, with backoff, before the event is parked (8). */
  reactionAttempts?: number;
  /**
   * Longest a stop lets reactors and projections run on to the log's head before it stops
   * them (10 s): what a reactor appends then is projected before the process ends.
   */
  drainMs?: number;
  /** Told of committed batches and lease changes (metrics); never changes what runs. */
  observer?: ProjectionObserver;
};

export type EngineSettings = Required<
  Omit<EngineOptions, 'owner' | 'dispatch' | 'observer' | 'reactors' | 'readModels'>
>;

/**
 * Leases are renewed every 2 s, or a third of their time to live when that is shorter: a check
 * that runs long (27 leases renewed one after another on a busy server) or a tick skipped while
 * one is under way still renews each before it expires. (With a 3 s lease and 2 s checks one
 * late check let another process take leases that were held.)
 */
const leaseCheckFor = (ttlMs: number) => Math.min(2_000, Math.floor(ttlMs / 3));

export const engineSettings = (options: EngineOptions): EngineSettings => ({
  leaseTtlMs: options.leaseTtlMs ?? 10_000,
  leaseCheckMs: options.leaseCheckMs ?? leaseCheckFor(options.leaseTtlMs ?? 10_000),
  batchSize: options.batchSize ?? 500,
  catchUpBatchSize: options.catchUpBatchSize ?? 10_000,
  maxBatchMs: options.maxBatchMs ?? 1_000,
  catchUpUnitMs: options.catchUpUnitMs ?? 4_000,
  rebuildUnitMs: options.rebuildUnitMs ?? 4_000,
  rebuildPageSize: options.rebuildPageSize ?? 20_000,
  rebuildConcurrency: options.rebuildConcurrency ?? 0,
  tailCapacity: options.tailCapacity ?? 20_000,
  firstBuildFrom: options.firstBuildFrom ?? 10_000,
  dropDelayMs: options.dropDelayMs ?? 30_000,
  reactorReadWaitMs: options.reactorReadWaitMs ?? 10_000,
  reactionAttempts: options.reactionAttempts ?? 8,
  drainMs: options.drainMs ?? 10_000,
});

/** Names lease and checkpoint each projection and reactor; collection names are global. */
export const checkNames = (projections: readonly Projection[], reactors: readonly Reactor[]) => {
  const names = new Set<string>();
  const owners = new Map<string, string>();
  for (const projection of projections) {
    if (names.has(projection.name)) throw new Error(`Two projections named ${projection.name}`);
    names.add(projection.name);
    for (const name of collectionNames(projection)) {
      const other = owners.get(name);
      if (other) throw new Error(`Collection ${name} belongs to ${other} and ${projection.name}`);
      owners.set(name, projection.name);
    }
  }
  for (const reactor of reactors) {
    if (names.has(reactor.name)) {
      throw new Error(`Two projections or reactors named ${reactor.name}`);
    }
    names.add(reactor.name);
  }
};
