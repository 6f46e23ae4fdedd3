import type { Clock } from '../../infra/clock';
import type { Logger } from '../../infra/logger';
import type { Lease, LeaseStore } from '../../infra/read-store/read-store';
import type { OpinionMaps } from './opinion-maps';

/** The lease that makes one process at a time the keeper (names no projection). */
export const KEEPER_LEASE = 'opinion-map-keeper';
/** Questions read per look at what changed. */
const SCAN_LIMIT = 500;
/** Computing stops for the tick past this much, so a backlog never holds the event loop long. */
const TICK_BUDGET_MS = 1000;

/**
 * Keeps every question's map current without waiting for a request: every `tickMs` it learns
 * which questions' matrices changed (the projection's index on `changedAt`), and computes each
 * map once it is due (see `isDue`), which stores it and pushes it on the question's topic.
 * One process at a time holds the keeper's lease; a map asked for meanwhile is computed by
 * the request (at once when the question has none).
 */
export const startMapKeeper = (
  maps: OpinionMaps,
  leases: LeaseStore,
  options: { owner: string; tickMs: number; clock: Clock; logger: Logger },
) => {
  const { owner, tickMs, clock, logger } = options;
  /** Questions changed since their map, by the position of their last change. */
  const pending = new Map<number, number>();
  let seenUpTo = 0;
  let lease: Lease | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const tick = async () => {
    lease = lease
      ? await leases.renew(lease, tickMs * 3)
      : await leases.acquire(KEEPER_LEASE, owner, tickMs * 3);
    if (!lease) return;
    for (;;) {
      const changed = await maps.changedSince(seenUpTo, SCAN_LIMIT);
      for (const { questionId, changedAt } of changed) pending.set(questionId, changedAt);
      if (changed.length > 0) seenUpTo = changed.at(-1)!.changedAt;
      if (changed.length < SCAN_LIMIT) break;
    }
    const started = clock.now().getTime();
    for (const questionId of [...pending.keys()]) {
      if (stopped || clock.now().getTime() - started > TICK_BUDGET_MS) break;
      // Computed when due; one not due yet (its interval since the last) stays pending.
      const { asOf } = await maps.mapOf(questionId);
      if (asOf >= pending.get(questionId)!) pending.delete(questionId);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((err: unknown) =>
          logger.warn({ err }, 'opinion maps could not be brought up to date'),
        )
        .finally(schedule);
    }, tickMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (lease) await leases.release(lease).catch(() => undefined);
    },
  };
};
