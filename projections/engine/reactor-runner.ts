import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import type { LeaseKeeper } from './lease-keeper';
import type { LogTail } from './log-tail';
import { PARKED, PARKED_INDEXES } from './parked-reactions';
import type { ProjectionObserver } from './processor';
import type { Reactor } from './reactor';
import { ReactorProcessor, reactorState, type Dispatch } from './reactor-processor';
import type { ReadModels } from './read-models';
import { STATE_COLLECTION, type StateDoc } from './state';

export type ReactorRunnerOptions = {
  /** The log as reactors catching up on their own read it. */
  events: EventStore;
  readStore: ReadStore;
  readModels: ReadModels;
  dispatch: Dispatch;
  logger: Logger;
  tail: LogTail;
  leases: LeaseKeeper;
  checkpoints: CheckpointBatcher;
  observer: ProjectionObserver;
  batchSize: number;
  catchUpBatchSize: number;
  /** Longest a reactor's batch waits for the projections it reads. */
  readWaitMs: number;
  /** Tries of one event's reactions before it is parked. */
  attempts: number;
};

/** The reactors of a process: each runs here while this process holds its lease. */
export class ReactorRunner {
  private readonly processors = new Map<string, ReactorProcessor>();

  constructor(
    private readonly reactors: ReadonlyMap<string, Reactor>,
    private readonly options: ReactorRunnerOptions,
  ) {}

  processorOf(name: string): ReactorProcessor | null {
    return this.processors.get(name) ?? null;
  }

  /** Starts the reactors whose leases this process just took, each from its checkpoint. */
  async start(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.options.readStore.ensureIndexes(PARKED, PARKED_INDEXES);
    for (const name of names) {
      const reactor = this.reactors.get(name)!;
      this.run(reactor, await this.startOf(reactor));
    }
  }

  /** Parked events an operator asked to try again, by the reactors running here. */
  retryParked(): void {
    for (const processor of this.processors.values()) processor.retryParked();
  }

  /** Another process holds the reactor now: it stops here. */
  async lose(name: string): Promise<void> {
    this.options.logger.warn({ reactor: name }, 'reactor lease lost');
    const processor = this.processors.get(name);
    this.processors.delete(name);
    await processor?.stop();
  }

  /** Each reactor finishes the batch in hand (its reactions, then its checkpoint). */
  async stop(): Promise<void> {
    await Promise.all([...this.processors.values()].map((processor) => processor.stop()));
    this.processors.clear();
  }

  /**
   * Where a reactor just taken starts: its checkpoint, or, the first time it runs anywhere,
   * the log's head (recorded at once), so it never asks for history's commands again.
   */
  private async startOf(reactor: Reactor): Promise<bigint | null> {
    const { readStore, events, leases, logger } = this.options;
    const state = await readStore.collection<StateDoc>(STATE_COLLECTION).findOne({
      _id: reactor.name,
    });
    if (state) return state.checkpoint ? BigInt(state.checkpoint) : null;
    const head = await events.headPosition();
    const lease = leases.lease(reactor.name)!;
    await readStore.transaction(async (tx) => {
      tx.fence(lease);
      await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne(reactorState(reactor, head));
    });
    logger.info(
      { reactor: reactor.name, head: head?.toString() ?? null },
      'reactor deployed: it starts at the head of the log',
    );
    return head;
  }

  private run(reactor: Reactor, checkpoint: bigint | null) {
    const { leases, readWaitMs, ...options } = this.options;
    const processor = new ReactorProcessor({
      ...options,
      reactor,
      checkpoint,
      lease: () => leases.lease(reactor.name),
      readWaitMs,
      onLeaseLost: () => {
        leases.forget(reactor.name);
        void this.lose(reactor.name);
      },
    });
    this.processors.set(reactor.name, processor);
    processor.start();
  }
}
