import type { EventStore } from '../../infra/event-store/event-store';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { Projection } from './define';
import type { BuildJob } from './rebuilder';
import { buildStateId, STATE_COLLECTION, type StateDoc } from './state';

/** Why a generation is built when a process takes a projection's lease. */
export type BuildReason = 'first build' | 'version changed' | 'rebuild resumed';

/** What a process starts for a projection whose lease it just took. */
export type Takeover = {
  projection: Projection;
  /** The generation reads are served from until a build swaps its own in. */
  serving: number;
  /** Whether the serving generation follows the log (not while an earlier version's serves). */
  live: boolean;
  /** Where the serving generation stands. */
  checkpoint: bigint | null;
  /** A generation to build from the log, resumed where a build cut short ended. */
  build: (BuildJob & { reason: BuildReason }) | null;
  /** The stored build state belongs to no build any more (another version's, or a replaced generation's). */
  staleBuild: boolean;
};

/**
 * Decides from the store alone, so whichever process takes the lease decides the same: the
 * projection's state (its serving generation), the state of a build under way (written when
 * the build began, moved with each of its units), and whether the log is long enough that a
 * projection never built is built through the rebuild path.
 */
export const planTakeover = (
  projection: Projection,
  state: StateDoc | null,
  building: StateDoc | null,
  longLog: boolean,
): Takeover => {
  const { version } = projection;
  const serving = state?.generation ?? 1;
  const next = state ? state.generation + 1 : 1;
  // A build of this version into the generation after the serving one goes on from there.
  const resume = building?.version === version && building.generation === next ? building : null;
  const plan = {
    projection,
    serving,
    checkpoint: state?.checkpoint ? BigInt(state.checkpoint) : null,
    staleBuild: building !== null && resume === null,
  };
  const build = (reason: BuildReason) => ({ projection, generation: next, resume, reason });
  if (!state) {
    return resume || longLog
      ? { ...plan, live: false, build: build('first build') }
      : { ...plan, live: true, build: null };
  }
  if (state.version !== version) return { ...plan, live: false, build: build('version changed') };
  return { ...plan, live: true, build: resume ? build('rebuild resumed') : null };
};

/** The generations a takeover serves or builds: every other one of the projection can go. */
export const generationsKept = ({ serving, build }: Takeover): number[] =>
  build && build.generation !== serving ? [serving, build.generation] : [serving];

/** What each projection just taken starts with, from its states in the store. */
export const readTakeovers = async (
  readStore: ReadStore,
  events: Pick<EventStore, 'countEventsAfter'>,
  projections: readonly Projection[],
  firstBuildFrom: number,
): Promise<Takeover[]> => {
  if (projections.length === 0) return [];
  const ids = projections.flatMap((p) => [p.name, buildStateId(p.name)]);
  const stored = await readStore.collection<StateDoc>(STATE_COLLECTION).find({ _id: { $in: ids } });
  const states = new Map(stored.map((state) => [state._id, state]));
  const longLog =
    projections.some((p) => !states.has(p.name)) &&
    (await events.countEventsAfter(null, firstBuildFrom)) >= firstBuildFrom;
  return projections.map((p) =>
    planTakeover(p, states.get(p.name) ?? null, states.get(buildStateId(p.name)) ?? null, longLog),
  );
};

/** States of builds nobody will go on with: their generations go with the sweep. */
export const forgetStaleBuilds = async (
  readStore: ReadStore,
  leaseOf: (name: string) => Lease | null,
  taken: readonly Takeover[],
): Promise<void> => {
  const stale = taken.filter((t) => t.staleBuild).map((t) => t.projection.name);
  if (stale.length === 0) return;
  await readStore.transaction(async (tx) => {
    for (const name of stale) {
      const lease = leaseOf(name);
      if (!lease) continue;
      tx.fence(lease);
      await tx.collection(STATE_COLLECTION).deleteOne({ _id: buildStateId(name) });
    }
  });
};
