import type { EventStore } from '../../infra/event-store/event-store';
import { sleep } from './timing';

/** How often a drain looks where the processors stand (their positions are in memory). */
const LOOK_EVERY_MS = 10;

export type DrainOptions = {
  events: Pick<EventStore, 'headPosition'>;
  /** Where each reactor running here stands. */
  reactors(): readonly (bigint | null)[];
  /** Where each projection following the log here stands. */
  projections(): readonly (bigint | null)[];
  /** Stops the reactors, each after the batch in hand: they append nothing more. */
  stopReactors(): Promise<void>;
  /** When the drain gives up (ms since the epoch): a stop must end within its grace. */
  deadline: number;
};

const reached = (positions: readonly (bigint | null)[], head: bigint | null) =>
  head === null || positions.every((position) => position !== null && position >= head);

/** Resolves true once `done` holds, false at the deadline. */
const until = async (done: () => boolean, deadline: number) => {
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(LOOK_EVERY_MS);
  }
  return true;
};

/**
 * Before a clean stop: the reactors react to the log up to its head (their commands append
 * events), then the projections apply it up to the new head, again until neither moves the
 * head any more; then the reactors stop, and the projections apply whatever the last of
 * their reactions appended. A store stopped this way holds no event its read models never
 * applied (unless another process writes on). Answers whether it got there by the deadline.
 */
export const drainToHead = async (options: DrainOptions): Promise<boolean> => {
  const { events, deadline } = options;
  let quiet = false;
  while (!quiet) {
    const head = await events.headPosition();
    if (!(await until(() => reached(options.reactors(), head), deadline))) break;
    const after = await events.headPosition();
    if (!(await until(() => reached(options.projections(), after), deadline))) break;
    // Nothing appended while they reacted: the reactors stand at the head too.
    quiet = after === head;
  }
  await options.stopReactors();
  const head = await events.headPosition();
  return (await until(() => reached(options.projections(), head), deadline)) && quiet;
};
