import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import type { Projection } from './define';
import { ensureProjectionIndexes } from './indexes';
import type { LeaseKeeper } from './lease-keeper';
import type { LogTail } from './log-tail';
import { Processor, type ProjectionObserver } from './processor';

export type ProjectionRunnerOptions = {
  /** The log as rebuilds read it (pages of their own). */
  events: EventStore;
  /** The log as live processors catching up on their own read it (pages shared between them). */
  catchUpReads: EventStore;
  readStore: ReadStore;
  logger: Logger;
  tail: LogTail;
  leases: LeaseKeeper;
  checkpoints: CheckpointBatcher;
  observer: ProjectionObserver;
  batchSize: number;
  catchUpBatchSize: number;
  maxBatchMs: number;
  catchUpUnitMs: number;
  rebuildUnitMs: number;
  /** Told when a commit was refused because another process holds the lease now. */
  onLeaseLost(name: string): void;
};

/**
 * The processors of a process's projections: the live one of each projection held here
 * (following the log from its serving generation's checkpoint), and those of its builds.
 */
export class ProjectionRunner {
  private readonly live = new Map<string, Processor>();

  constructor(private readonly options: ProjectionRunnerOptions) {}

  processorOf(name: string): Processor | null {
    return this.live.get(name) ?? null;
  }

  /** Where each live projection stands. */
  positions(): (bigint | null)[] {
    return [...this.live.values()].map((processor) => processor.checkpoint);
  }

  /** Follows the log in `generation`, from `checkpoint`. */
  async startLive(projection: Projection, generation: number, checkpoint: bigint | null) {
    await ensureProjectionIndexes(this.options.readStore, projection, generation);
    const processor = this.processor(projection, generation, checkpoint, projection.name, true);
    this.live.set(projection.name, processor);
    processor.start();
  }

  /** A processor a build hands its pages to, its checkpoint kept in `stateId`. */
  buildProcessor(
    projection: Projection,
    generation: number,
    checkpoint: bigint | null,
    stateId: string,
  ): Processor {
    return this.processor(projection, generation, checkpoint, stateId, false);
  }

  /** The live processor stops after the batch in hand (a swap, a lost lease). */
  async stopLive(name: string): Promise<void> {
    const processor = this.live.get(name);
    this.live.delete(name);
    await processor?.stop();
  }

  /** A failing subscription stalls every live projection here: their status says why. */
  async recordError(error: string | null): Promise<void> {
    for (const processor of this.live.values()) {
      await processor.recordError(error).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.live.values()].map((processor) => processor.stop()));
    this.live.clear();
  }

  private processor(
    projection: Projection,
    generation: number,
    checkpoint: bigint | null,
    stateId: string,
    live: boolean,
  ) {
    const { options } = this;
    const { name } = projection;
    return new Processor({
      projection,
      generation,
      checkpoint,
      stateId,
      events: live ? options.catchUpReads : options.events,
      readStore: options.readStore,
      logger: options.logger,
      tail: live ? options.tail : null,
      lease: () => options.leases.lease(name),
      batchSize: options.batchSize,
      catchUpBatchSize: options.catchUpBatchSize,
      maxBatchMs: live ? options.maxBatchMs : options.rebuildUnitMs,
      catchUpUnitMs: live ? options.catchUpUnitMs : options.rebuildUnitMs,
      announce: live,
      checkpoints: live ? options.checkpoints : null,
      observer: options.observer,
      onLeaseLost: () => options.onLeaseLost(name),
    });
  }
}
