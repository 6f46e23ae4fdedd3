import type { Projection } from './define';
import type { BuildJob } from './rebuilder';
import type { StateDoc } from './state';

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
