import { conflict, notFound } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Doc, ReadStore } from '../../infra/read-store/read-store';
import type { Projection } from '../../projections/engine/define';
import type { ProjectionEngine } from '../../projections/engine/engine';
import { EngineStopped, REQUESTS, requestRebuild } from '../../projections/engine/rebuilder';
import { reactorOperations, type ReactorOperations } from './reactor-ops';
import {
  logCounter,
  projectionStatus,
  type LogCounter,
  type ProjectionStatus,
} from '../../projections/engine/status';

/**
 * Where each rebuild under way has reached, published by the process running it so that any
 * process can tell (an API process asked to rebuild a projection a projector holds, say).
 */
export const REBUILDS = 'projection_rebuilds';
type RebuildDoc = Doc & {
  owner: string;
  /** The log position the rebuild has applied up to; null before its first page. */
  position: string | null;
  startedAt: string;
  updatedAt: string;
};

/** How often a process publishes its rebuilds' progress. */
export const PUBLISH_EVERY_MS = 1_000;
/**
 * A published rebuild not renewed for this long belongs to a process that stopped (a busy one
 * may miss a few turns: rebuilding many projections at once keeps its event loop full).
 */
const STALE_AFTER_MS = 60_000;
/** Events counted at most when telling how far a rebuild has to go. */
const COUNT_CAP = 10_000_000;

export type RebuildStanding =
  /** Asked for; the process holding the projection takes it at its next lease check. */
  | { phase: 'requested' }
  | {
      phase: 'running';
      owner: string;
      position: string | null;
      /** Events of the log the rebuild has still to read (counted up to 10,000,000). */
      remainingEvents: number;
      /** Events it has read so far (counted up to 10,000,000). */
      doneEvents: number;
      startedAt: string;
    };

export type ProjectionStanding = ProjectionStatus & { rebuild: RebuildStanding | null };

/** Which projections a rebuild started here, and which it asked their process to rebuild. */
export type RebuildStart = { here: string[]; requested: string[] };

/** What `npm run projections` and the ops routes ask of a process, reactors' parked events included. */
export type ProjectionOperations = ReactorOperations & {
  status(): Promise<ProjectionStanding[]>;
  /** Each projection's standing without its rebuild's progress: what health checks and metrics read. */
  standing(): Promise<ProjectionStatus[]>;
  /**
   * Starts rebuilding the named projections (every one for 'all'): those this process runs
   * from one read of the log for them all, the others through a request to the process that
   * runs them. Answers at once; `status()` follows the rebuilds to their end.
   */
  rebuild(names: readonly string[] | 'all'): Promise<RebuildStart>;
  /** Stops publishing this process's rebuilds. */
  close(): void;
};

const isFresh = (doc: RebuildDoc, now: number) => now - Date.parse(doc.updatedAt) < STALE_AFTER_MS;

/**
 * Publishes, every second, where each rebuild this process runs has reached, and removes what
 * it published once a rebuild has ended.
 */
const publishRebuilds = (
  engine: ProjectionEngine,
  readStore: ReadStore,
  names: readonly string[],
  logger: Logger,
) => {
  const started = new Map<string, string>();
  const publish = async () => {
    const now = new Date().toISOString();
    await readStore.transaction(async (tx) => {
      const docs = tx.collection<RebuildDoc>(REBUILDS);
      for (const name of names) {
        if (engine.isRebuilding(name)) {
          if (!started.has(name)) started.set(name, now);
          const position = engine.rebuildProgress(name);
          await docs.upsertOne({
            _id: name,
            owner: engine.owner,
            position: position === null ? null : String(position),
            startedAt: started.get(name)!,
            updatedAt: now,
          });
        } else if (started.delete(name)) {
          const published = await docs.findOne({ _id: name });
          if (published?.owner === engine.owner) await docs.deleteOne({ _id: name });
        }
      }
    });
  };
  let turn: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (turn || ![...names].some((n) => engine.isRebuilding(n) || started.has(n))) return;
    turn = publish()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'could not publish the progress of a rebuild'),
      )
      .finally(() => (turn = null));
  }, PUBLISH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Status and rebuilds of the projections, from any process: one that runs them (ROLE=all or
 * projector) or one that serves only (ROLE=api, `engine` null), through the engine's public
 * methods, the store's status and rebuild requests.
 */
export const projectionOperations = (
  events: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  engine: ProjectionEngine | null,
  logger: Logger,
  reactors: readonly string[] = [],
): ProjectionOperations => {
  const names = projections.map((p) => p.name);
  const stopPublishing = engine ? publishRebuilds(engine, readStore, names, logger) : () => {};

  const standingOf = async (
    name: string,
    published: Map<string, RebuildDoc>,
    requested: Set<string>,
    total: number,
    count: LogCounter,
  ): Promise<RebuildStanding | null> => {
    const local = engine?.isRebuilding(name) ? engine : null;
    const doc = published.get(name);
    const position = local ? local.rebuildProgress(name) : doc ? doc.position : undefined;
    if (position !== undefined) {
      const after = position === null ? null : BigInt(position);
      const remainingEvents = await count(after, COUNT_CAP);
      return {
        phase: 'running',
        owner: local?.owner ?? doc!.owner,
        position: position === null ? null : String(position),
        remainingEvents,
        doneEvents: Math.max(0, total - remainingEvents),
        startedAt: doc?.startedAt ?? new Date().toISOString(),
      };
    }
    return requested.has(name) ? { phase: 'requested' } : null;
  };

  return {
    status: async () => {
      const now = Date.now();
      const count = logCounter(events);
      const [published, requests] = await Promise.all([
        readStore.collection<RebuildDoc>(REBUILDS).find({}),
        readStore.collection(REQUESTS).find({}),
      ]);
      const running = new Map(published.filter((d) => isFresh(d, now)).map((d) => [d._id, d]));
      const requested = new Set(requests.map((r) => r._id));
      // The log is counted only while something rebuilds: status is asked for every second.
      // Counted first, so the lag of a projection with nothing built yet is read off it.
      const total =
        running.size > 0 || names.some((name) => engine?.isRebuilding(name))
          ? await count(null, COUNT_CAP)
          : 0;
      const statuses = await projectionStatus(events, readStore, projections, engine, count);
      return Promise.all(
        statuses.map(async (status) => ({
          ...status,
          rebuild: await standingOf(status.name, running, requested, total, count),
        })),
      );
    },
    standing: () => projectionStatus(events, readStore, projections, engine),

    rebuild: async (asked) => {
      const wanted = asked === 'all' ? names : [...new Set(asked)];
      for (const name of wanted) {
        if (!names.includes(name)) {
          throw notFound('Unknown projection', `There is no projection named ${name}.`);
        }
        if (engine?.isRebuilding(name)) {
          throw conflict('Already rebuilding', `Projection ${name} is already rebuilding.`);
        }
      }
      const held = new Set(engine?.held() ?? []);
      const here = wanted.filter((name) => held.has(name));
      const requested = wanted.filter((name) => !held.has(name));
      if (engine && here.length > 0) {
        // One read of the log for every projection rebuilt here; followed through status().
        void engine
          .rebuildMany(here)
          .catch((error: unknown) =>
            error instanceof EngineStopped
              ? logger.info({ projections: here }, 'rebuild stopped with the process')
              : logger.error({ err: error, projections: here }, 'rebuild failed'),
          );
      }
      for (const name of requested) await requestRebuild(readStore, name);
      return { here, requested };
    },

    ...reactorOperations(readStore, reactors),
    close: stopPublishing,
  };
};
