import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import { DomainError } from '../../domain/shared/errors';
import { LeaseLostError, type Lease, type ReadStore } from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import type { Reaction } from './define';
import { consumeLog } from './log-consumer';
import type { LogTail, TailConsumer } from './log-tail';
import { failedAgain, park, retriesAsked, unpark } from './parked-reactions';
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
  /** Tries of one event's reactions, each after a longer wait, before it is parked. */
  attempts: number;
  dispatch: Dispatch;
  checkpoints: CheckpointBatcher;
  observer?: ProjectionObserver;
  onLeaseLost: () => void;
};

/** The projections a reactor reads have not applied the batch yet: no reaction failed. */
class ReadsBehind extends Error {
  constructor(reactor: string, reads: readonly string[], through: bigint) {
    super(`${reactor} waits for ${reads.join(', ')} to reach ${through}`);
    this.name = 'ReadsBehind';
  }
}

/**
 * Whether a failure is the reaction's own, counted against its event: waiting for the
 * projections it reads, a lost lease or a command side that said "try again shortly" are not.
 */
const isReactionFailure = (error: unknown) =>
  !(error instanceof ReadsBehind) &&
  !(error instanceof LeaseLostError) &&
  !(error instanceof DomainError && error.kind === 'unavailable');

/** Parked events asked to be tried again, taken at one lease check. */
const RETRIES_AT_ONCE = 100;

/**
 * Feeds one reactor its events: for each batch, waits for the projections it reads to have
 * applied the batch, asks the reactor which commands the batch's events call for, runs them,
 * and only then moves the checkpoint (fenced by the lease). Nothing is applied twice or
 * taken back: the reactor keeps no read model, and its commands tolerate a repeat.
 *
 * A batch whose reactions fail is tried again (with backoff) event by event, so the event
 * whose reaction keeps failing is found; after `attempts` tries of its own it is parked (a
 * dead letter with its error, in the unit of work that moves the checkpoint past it) and the
 * reactor goes on: one broken reaction never holds up every later one.
 */
export class ReactorProcessor {
  lastError: string | null = null;
  eventsApplied = 0;
  private readonly consumer: TailConsumer;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  /** After a batch failed: up to this position, events go one at a time. */
  private singlyUntil: bigint | null = null;
  /** Failed tries of each event being tried alone. */
  private readonly failures = new Map<string, number>();
  private retrying: Promise<void> | null = null;

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
    await this.retrying;
    this.loop = null;
    if (this.consumer.attached) this.options.tail.detach(this.consumer);
  }

  /**
   * Tries again the parked events an operator asked for (a few at a time, beside the live
   * loop): each whose reactions now run is unparked; one that fails again stays, with its
   * new error.
   */
  retryParked(): void {
    this.retrying ??= this.retryAsked()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, reactor: this.reactor.name }, 'retry failed'),
      )
      .finally(() => {
        this.retrying = null;
      });
  }

  private async react(batch: readonly RecordedEvent[]): Promise<void> {
    const from = this.consumer.checkpoint;
    const fresh = from === null ? batch : batch.filter((event) => event.position > from);
    if (fresh.length === 0) return;
    if (this.singlyUntil !== null) return this.reactSingly(fresh);
    const handled = fresh.filter((event) => this.reactor.handles.has(event.type));
    const started = performance.now();
    if (handled.length > 0) {
      try {
        await this.runReactions(handled);
      } catch (error) {
        if (isReactionFailure(error)) this.singlyUntil = fresh[fresh.length - 1]!.position;
        throw error;
      }
    }
    await this.moveTo(fresh, fresh[fresh.length - 1]!.position, started, handled.length > 0);
  }

  /** Each event the reactor handles alone, the checkpoint committed past it. */
  private async reactSingly(fresh: readonly RecordedEvent[]): Promise<void> {
    for (const event of fresh) {
      if (!this.reactor.handles.has(event.type)) continue;
      const started = performance.now();
      let parked: unknown = null;
      try {
        await this.runReactions([event]);
      } catch (error) {
        if (!isReactionFailure(error)) throw error;
        const attempts = (this.failures.get(event.id) ?? 0) + 1;
        this.failures.set(event.id, attempts);
        if (attempts < this.options.attempts) throw error;
        parked = error;
      }
      this.failures.delete(event.id);
      if (parked !== null) await this.parkEvent(event, parked);
      await this.moveTo(fresh, event.position, started, true);
    }
    const last = fresh[fresh.length - 1]!.position;
    if (this.consumer.checkpoint === null || this.consumer.checkpoint < last) {
      await this.moveTo(fresh, last, performance.now(), false);
    }
    if (last >= this.singlyUntil!) this.singlyUntil = null;
  }

  /** Waits for the projections the reactor reads, then runs what the events call for. */
  private async runReactions(handled: readonly RecordedEvent[]): Promise<void> {
    const { reactor, readModels } = this.options;
    const through = handled[handled.length - 1]!.position;
    const reads = reactor.reads.map((projection) => projection.name);
    if (reads.length > 0 && !(await readModels.waitFor(through, reads, this.options.readWaitMs))) {
      throw new ReadsBehind(reactor.name, reads, through);
    }
    const reactions: Reaction[] = [];
    const context: ReactorContext = {
      read: (projection) => readModels.of(projection),
      dispatch: (reaction) => reactions.push(reaction),
      dispatched: reactions,
    };
    for (const event of handled) await reactor.react(event, context);
    if (reactions.length > 0) await this.options.dispatch(reactions);
  }

  /**
   * The checkpoint moves to `position`, past the events of `fresh` up to it: committed at
   * once after reactions ran (`reacted`), else with the other projections' advances.
   */
  private async moveTo(
    fresh: readonly RecordedEvent[],
    position: bigint,
    started: number,
    reacted: boolean,
  ): Promise<void> {
    const { reactor } = this;
    const from = this.consumer.checkpoint;
    if (reacted) await this.commitCheckpoint(position);
    else {
      this.options.checkpoints.advance({
        projection: reactor.name,
        stateId: reactor.name,
        generation: REACTOR_GENERATION,
        version: REACTOR_VERSION,
        checkpoint: position,
        lease: this.options.lease(),
      });
    }
    const passed = fresh.filter(
      (event) => (from === null || event.position > from) && event.position <= position,
    ).length;
    this.consumer.checkpoint = position;
    this.eventsApplied += passed;
    this.options.observer?.batchCommitted?.(
      reactor.name,
      passed,
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

  /** Gives up on the event: a dead letter, written with the checkpoint that moves past it. */
  private async parkEvent(event: RecordedEvent, error: unknown) {
    const lease = this.options.lease();
    await this.options.readStore.transaction(async (tx) => {
      if (lease) tx.fence(lease);
      await park(tx, this.reactor.name, event, this.options.attempts, error);
      await tx
        .collection<StateDoc>(STATE_COLLECTION)
        .upsertOne(reactorState(this.reactor, event.position));
    });
    this.options.logger.error(
      { err: error, reactor: this.reactor.name, event: event.id, type: event.type },
      `reaction parked after ${this.options.attempts} attempts: the reactor goes on without it`,
    );
    this.options.observer?.reactionParked?.(this.reactor.name);
  }

  private async retryAsked(): Promise<void> {
    const { readStore, events } = this.options;
    const lease = this.options.lease();
    for (const parked of await retriesAsked(readStore, this.reactor.name, RETRIES_AT_ONCE)) {
      const position = BigInt(parked.position);
      const [event] = await events.readAll({ after: position - 1n, maxCount: 1 });
      let failure: unknown = null;
      try {
        if (event?.id !== parked.eventId) {
          throw new Error(`event ${parked.eventId} is not at position ${position} of the log`);
        }
        await this.runReactions([event]);
      } catch (error) {
        failure = error;
      }
      await readStore.transaction(async (tx) => {
        if (lease) tx.fence(lease);
        if (failure === null) await unpark(tx, parked);
        else await failedAgain(tx, parked, failure);
      });
      this.options.logger.info(
        { reactor: this.reactor.name, event: parked.eventId, failed: failure !== null },
        failure === null ? 'parked reaction retried: done' : 'parked reaction failed again',
      );
    }
  }
}

export const reactorState = (reactor: Reactor, position: bigint | null): StateDoc => ({
  _id: reactor.name,
  generation: REACTOR_GENERATION,
  checkpoint: position === null ? null : String(position),
  version: REACTOR_VERSION,
  updatedAt: new Date().toISOString(),
});
