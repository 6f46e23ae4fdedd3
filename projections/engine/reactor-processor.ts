import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import type { Reaction } from './define';
import { consumeLog } from './log-consumer';
import type { LogTail, TailConsumer } from './log-tail';
import type { ProcessorStatus, ProjectionObserver } from './processor';
import { STATE_COLLECTION, type StateDoc } from './state';
import type { ReadModels } from './read-models';
import type { Reactor, ReactorContext } from './reactor';

/** Runs the commands a batch's reactions ask for. */
export type Dispatch = (reactions: Reaction[]) => Promise<void>;

/** A reactor's checkpoint lives beside the projections' state, by the reactor's name. */
const REACTOR_GENERATION = 1;
const REACTOR_VERSION = 1;

export type ReactorProcessorOptions = {
  reactor: Reactor;
  checkpoint: bigint | null;
  events: EventStore;
  readStore: ReadStore;
  readModels: ReadModels;
  logger: Logger;
  tail: LogTail;
  lease: () => Lease | null;
  batchSize: number;
  catchUpBatchSize: number;
  /** Longest a batch waits for the projections the reactor reads to apply it. */
  readWaitMs: number;
  dispatch: Dispatch;
  checkpoints: CheckpointBatcher;
  observer?: ProjectionObserver;
  onLeaseLost: () => void;
};

/**
 * Feeds one reactor its events: for each batch, waits for the projections it reads to have
 * applied the batch, asks the reactor which commands the batch's events call for, runs them,
 * and only then moves the checkpoint (fenced by the lease). Nothing is applied twice or
 * taken back: the reactor keeps no read model, and its commands tolerate a repeat.
 */
export class ReactorProcessor {
  lastError: string | null = null;
  eventsApplied = 0;
  private readonly consumer: TailConsumer;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;

  constructor(private readonly options: ReactorProcessorOptions) {
    this.consumer = { checkpoint: options.checkpoint, attached: false };
  }

  get reactor() {
    return this.options.reactor;
  }

  get checkpoint() {
    return this.consumer.checkpoint;
  }

  status(): ProcessorStatus {
    return {
      checkpoint: this.consumer.checkpoint,
      mode: !this.loop ? 'stopped' : this.consumer.attached ? 'live' : 'catching-up',
      lastError: this.lastError,
      eventsApplied: this.eventsApplied,
    };
  }

  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    this.loop = consumeLog(
      {
        name: this.reactor.name,
        consumer: this.consumer,
        tail: this.options.tail,
        events: this.options.events,
        logger: this.options.logger,
        batchSize: this.options.batchSize,
        catchUpBatchSize: this.options.catchUpBatchSize,
        handle: (batch) => this.react(batch),
        failed: async (message) => {
          this.lastError = message;
        },
        onLeaseLost: () => {
          this.lastError = 'lease lost to another process';
          this.options.onLeaseLost();
        },
      },
      this.abort.signal,
    );
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.loop = null;
    if (this.consumer.attached) this.options.tail.detach(this.consumer);
  }

  private async react(batch: readonly RecordedEvent[]): Promise<void> {
    const { reactor, readModels } = this.options;
    const from = this.consumer.checkpoint;
    const fresh = from === null ? batch : batch.filter((event) => event.position > from);
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1]!.position;
    const handled = fresh.filter((event) => reactor.handles.has(event.type));
    const started = performance.now();
    if (handled.length > 0) {
      const through = handled[handled.length - 1]!.position;
      const reads = reactor.reads.map((projection) => projection.name);
      if (
        reads.length > 0 &&
        !(await readModels.waitFor(through, reads, this.options.readWaitMs))
      ) {
        throw new Error(`${reactor.name} waits for ${reads.join(', ')} to reach ${through}`);
      }
      const reactions: Reaction[] = [];
      const context: ReactorContext = {
        read: (projection) => readModels.of(projection),
        dispatch: (reaction) => reactions.push(reaction),
        dispatched: reactions,
      };
      for (const event of handled) await reactor.react(event, context);
      if (reactions.length > 0) await this.options.dispatch(reactions);
      await this.commitCheckpoint(last);
    } else {
      this.options.checkpoints.advance({
        projection: reactor.name,
        stateId: reactor.name,
        generation: REACTOR_GENERATION,
        version: REACTOR_VERSION,
        checkpoint: last,
        lease: this.options.lease(),
      });
    }
    this.consumer.checkpoint = last;
    this.eventsApplied += fresh.length;
    this.options.observer?.batchCommitted?.(
      reactor.name,
      fresh.length,
      (performance.now() - started) / 1000,
      false,
    );
  }

  private async commitCheckpoint(position: bigint) {
    const lease = this.options.lease();
    await this.options.readStore.transaction(async (tx) => {
      if (lease) tx.fence(lease);
      await tx
        .collection<StateDoc>(STATE_COLLECTION)
        .upsertOne(reactorState(this.reactor, position));
    });
  }
}

export const reactorState = (reactor: Reactor, position: bigint | null): StateDoc => ({
  _id: reactor.name,
  generation: REACTOR_GENERATION,
  checkpoint: position === null ? null : String(position),
  version: REACTOR_VERSION,
  updatedAt: new Date().toISOString(),
});
