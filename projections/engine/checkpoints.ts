import type { Logger } from '../../infra/logger';
import {
  LeaseLostError,
  type Lease,
  type ReadStore,
  type UnitOfWork,
} from '../../infra/read-store/read-store';
import { STATE_COLLECTION, type StateDoc } from './state';

const RETRY_MS = 500;

/** A live projection that moved past events it does not handle: only its checkpoint changes. */
export type CheckpointAdvance = {
  projection: string;
  stateId: string;
  generation: number;
  version: number;
  checkpoint: bigint;
  lease: Lease | null;
};

/**
 * Most events concern a few projections; the others only move their checkpoints past them.
 * Those advances wait here for the rest of the turn and are committed together, in one unit
 * of work with one notice each, instead of one unit of work per projection per event. A
 * stored checkpoint never goes back: an advance older than what its processor committed
 * meanwhile changes nothing. An advance that is never committed (a crash) costs nothing but
 * reading those events again, which concern the projection no more than they did.
 */
export class CheckpointBatcher {
  private pending = new Map<string, CheckpointAdvance>();
  /** The flush waiting for its unit to begin: advances made meanwhile go in it. */
  private scheduled: Promise<void> | null = null;

  constructor(
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
  ) {}

  advance(advance: CheckpointAdvance): void {
    this.pending.set(advance.stateId, advance);
    // What the projection's collections hold is what they held: this process's readers may
    // read them as of this position now, not after the checkpoint's unit, which waits for the
    // units running beside each other (on PostgreSQL, a reader of the day's answers right after
    // answering waited ~15 ms here for a projection the answer does not concern).
    this.readStore.announce({
      projection: advance.projection,
      generation: advance.generation,
      position: String(advance.checkpoint),
      topics: [],
    });
    this.schedule((resolve) => setImmediate(resolve));
  }

  /**
   * One flush waiting for its turn at a time, and what it commits is taken when its unit
   * begins: the consumers of one event reach here over several turns, and a unit for each
   * turn's few advances (each run ahead of the units waiting) held the projections' own units
   * back five units long. An advance made while a flush runs schedules the next.
   */
  private schedule(wait: (resolve: () => void) => void) {
    this.scheduled ??= new Promise<void>(wait).then(() => this.flush());
  }

  /** Commits what waits (the engine calls it before giving its leases up). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) {
      this.scheduled = null;
      return;
    }
    let advances: CheckpointAdvance[] = [];
    try {
      // Ahead of the projections' units waiting: a reader of any of these projections waits
      // for it, and it is short.
      await this.readStore.transaction(
        (tx) => {
          this.scheduled = null;
          advances = [...this.pending.values()];
          this.pending = new Map();
          return this.write(tx, advances);
        },
        { ahead: true },
      );
    } catch (error) {
      this.scheduled = null;
      // One lost lease refuses the whole unit of work: the others commit on their own.
      if (!(error instanceof LeaseLostError)) {
        // Tried again in a moment (a newer advance of the same projection wins): a log that
        // goes still must not leave a checkpoint behind for good.
        this.logger.warn({ err: error }, 'checkpoint advances not committed; trying again');
        for (const advance of advances) {
          if (!this.pending.has(advance.stateId)) this.pending.set(advance.stateId, advance);
        }
        this.schedule((resolve) => setTimeout(resolve, RETRY_MS).unref());
        return;
      }
      for (const advance of advances) {
        await this.readStore
          .transaction((tx) => this.write(tx, [advance]))
          .catch((err: unknown) => {
            if (!(err instanceof LeaseLostError)) {
              this.logger.warn({ err, projection: advance.projection }, 'checkpoint not committed');
            }
          });
      }
    }
  }

  private async write(tx: UnitOfWork, advances: readonly CheckpointAdvance[]): Promise<void> {
    if (advances.length === 0) return;
    const states = tx.collection<StateDoc>(STATE_COLLECTION);
    // Every state in one read (a round trip each made this unit the longest of an answer's).
    const storedStates = new Map(
      (await states.find({ _id: { $in: advances.map((advance) => advance.stateId) } })).map(
        (state) => [state._id, state],
      ),
    );
    for (const advance of advances) {
      const stored = storedStates.get(advance.stateId);
      if (stored?.checkpoint && BigInt(stored.checkpoint) >= advance.checkpoint) continue;
      if (stored && stored.generation !== advance.generation) continue;
      if (advance.lease) tx.fence(advance.lease);
      await states.upsertOne({
        _id: advance.stateId,
        generation: advance.generation,
        checkpoint: String(advance.checkpoint),
        version: advance.version,
        updatedAt: new Date().toISOString(),
      });
      tx.notify({
        projection: advance.projection,
        generation: advance.generation,
        position: String(advance.checkpoint),
        topics: [],
      });
    }
  }
}
