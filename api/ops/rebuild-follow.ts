import type { ProjectionStanding } from './projection-ops';

/** What following a set of rebuilds has seen so far. */
export type FollowState = {
  /** Each projection's generation when the rebuild was asked for: a higher one is its end. */
  startGeneration: Map<string, number>;
  /** When each was last seen asked for or running (ms): a rebuild gone quiet has failed. */
  lastSeen: Map<string, number>;
  /** Status answers in a row that showed each held by no process. */
  unclaimedFor: Map<string, number>;
  /** The slowest rebuild's events done, at each moment: its speed. */
  samples: { at: number; done: number }[];
  finished: Map<string, number>;
};

export const startFollowing = (standings: readonly ProjectionStanding[], targets: string[]) => {
  const now = Date.now();
  return {
    startGeneration: new Map(
      standings.filter((s) => targets.includes(s.name)).map((s) => [s.name, s.generation]),
    ),
    lastSeen: new Map(targets.map((name) => [name, now])),
    unclaimedFor: new Map(),
    samples: [],
    finished: new Map(),
  } satisfies FollowState;
};

/**
 * How long a rebuild may be neither asked for nor running before it counts as failed: longer
 * than the process running it may take to publish that it took the request, or its progress.
 */
export const QUIET_LIMIT_MS = 60_000;
/** Status answers in a row that show a projection held by no process before that is said. */
const UNCLAIMED_AFTER = 5;

export type FollowReport = {
  /** Projections whose rebuild ended since the last report, with their new generation. */
  ended: { name: string; generation: number }[];
  /** Projections whose rebuild stopped without taking over. */
  failed: string[];
  /** Projections asked for that no process runs: their rebuild waits for one. */
  unclaimed: string[];
  /** Of those still rebuilding, the furthest behind, with speed and time left. */
  progress: {
    running: number;
    waiting: number;
    done: number;
    remaining: number;
    eventsPerSecond: number | null;
    etaSeconds: number | null;
  } | null;
  /** Every rebuild has ended (or failed). */
  over: boolean;
};

/** Speed over the last ten seconds of samples. */
const speedOf = (samples: { at: number; done: number }[]) => {
  const last = samples.at(-1);
  const first = samples.find((s) => last && last.at - s.at <= 10_000);
  if (!last || !first || last.at - first.at < 500) return null;
  return ((last.done - first.done) / (last.at - first.at)) * 1000;
};

/** Reads one status answer against what was seen before. */
export const followStep = (
  state: FollowState,
  standings: readonly ProjectionStanding[],
  now = Date.now(),
): FollowReport => {
  const report: FollowReport = {
    ended: [],
    failed: [],
    unclaimed: [],
    progress: null,
    over: false,
  };
  let slowest: { done: number; remaining: number } | null = null;
  let running = 0;
  let waiting = 0;
  for (const standing of standings) {
    const { name } = standing;
    const before = state.startGeneration.get(name);
    if (before === undefined || state.finished.has(name)) continue;
    if (standing.generation > before) {
      state.finished.set(name, standing.generation);
      report.ended.push({ name, generation: standing.generation });
      continue;
    }
    const rebuild = standing.rebuild;
    if (rebuild) state.lastSeen.set(name, now);
    if (rebuild?.phase === 'running') {
      running++;
      if (!slowest || rebuild.remainingEvents > slowest.remaining) {
        slowest = { done: rebuild.doneEvents, remaining: rebuild.remainingEvents };
      }
    } else if (rebuild?.phase === 'requested') {
      waiting++;
      const unclaimed = standing.leaseOwner === null ? (state.unclaimedFor.get(name) ?? 0) + 1 : 0;
      state.unclaimedFor.set(name, unclaimed);
      if (unclaimed >= UNCLAIMED_AFTER) report.unclaimed.push(name);
    } else if (now - state.lastSeen.get(name)! > QUIET_LIMIT_MS) {
      state.finished.set(name, -1);
      report.failed.push(name);
    }
  }
  if (slowest) {
    state.samples.push({ at: now, done: slowest.done });
    const speed = speedOf(state.samples);
    report.progress = {
      running,
      waiting,
      ...slowest,
      eventsPerSecond: speed,
      etaSeconds: speed && speed > 0 ? slowest.remaining / speed : null,
    };
  } else if (waiting > 0) {
    report.progress = {
      running,
      waiting,
      done: 0,
      remaining: 0,
      eventsPerSecond: null,
      etaSeconds: null,
    };
  }
  report.over = state.finished.size === state.startGeneration.size;
  return report;
};

const count = (n: number) => Math.round(n).toLocaleString('en');

/** One line about the rebuilds still under way. */
export const progressLine = (progress: NonNullable<FollowReport['progress']>, total: number) => {
  const parts: string[] = [];
  if (total > 1) {
    parts.push(`${progress.running} rebuilding, ${progress.waiting} waiting for their process`);
  }
  if (progress.running > 0) {
    const all = progress.done + progress.remaining;
    const percent = all === 0 ? 100 : Math.floor((progress.done / all) * 100);
    parts.push(
      `${total > 1 ? 'furthest behind: ' : ''}${count(progress.done)} of ${count(all)} events (${percent} %)`,
      progress.eventsPerSecond === null
        ? 'measuring speed'
        : `${count(progress.eventsPerSecond)} events/s`,
      `lag ${count(progress.remaining)} events`,
      progress.etaSeconds === null ? 'ETA unknown' : `ETA ${Math.ceil(progress.etaSeconds)} s`,
    );
  } else {
    parts.push('waiting for the process that runs it to take the request');
  }
  return parts.join(', ');
};
