import { notFound } from '../../domain/shared/errors';
import type { ReadStore } from '../../infra/read-store/read-store';
import {
  parkedReactions,
  requestRetry,
  type ParkedReactions,
} from '../../projections/engine/parked-reactions';

/** A retry asked for: how many parked events, and which process runs the reactor now. */
export type RetryStart = { reactor: string; asked: number; runningIn: string | null };

export type ReactorOperations = {
  /** Each reactor's parked events: how many, how many are being tried again, the oldest few. */
  parked(): Promise<ParkedReactions[]>;
  /**
   * Asks the process running the reactor to try parked events again (`eventId`, or every one
   * of the reactor's) at its next lease check; the parked list follows them.
   */
  retryParked(reactor: string, eventId?: string): Promise<RetryStart>;
};

/** What operators do about reactions that were given up on, from any process. */
export const reactorOperations = (
  readStore: ReadStore,
  reactors: readonly string[],
): ReactorOperations => ({
  parked: () => parkedReactions(readStore, reactors),
  retryParked: async (reactor, eventId) => {
    if (!reactors.includes(reactor)) {
      throw notFound('Unknown reactor', `There is no reactor named ${reactor}.`);
    }
    const asked = await requestRetry(readStore, reactor, eventId);
    if (asked === 0 && eventId !== undefined) {
      throw notFound('Not parked', `Reactor ${reactor} has no parked event ${eventId}.`);
    }
    const lease = (await readStore.leases.list()).find(
      (l) => l.name === reactor && l.expiresAt > Date.now(),
    );
    return { reactor, asked, runningIn: lease?.owner ?? null };
  },
});
