import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Lease, ReadStore, UnitOfWork } from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import { collectionNames, physicalName, type Projection, type ProjectionDb } from './define';
import { consumeLog } from './log-consumer';
import type { LogTail, TailConsumer } from './log-tail';
import { STATE_COLLECTION, type StateDoc } from './state';
import { nextTurn } from './timing';

/** Longest a unit of work applies events before it lets the event loop serve. */
const SLICE_MS = 25;

/** What an engine tells an observer (metrics): it only listens, it never changes what runs. */
export type ProjectionObserver = {
  batchCommitted?(projection: string, events: number, seconds: number, rebuild: boolean): void;
  leaseChanged?(projection: string, change: 'taken' | 'lost' | 'released'): void;
  /** A reactor gave up on an event after its attempts (it is parked). */
  reactionParked?(reactor: string): void;
};

export type ProcessorOptions = {
  projection: Projection;
  generation: number;
  checkpoint: bigint | null;
  /** `_id` of its state document: the projection's name, or `{name}#rebuild` while rebuilding. */
  stateId: string;
  events: EventStore;
  readStore: ReadStore;
  logger: Logger;
  /** Live processors share the tail; a rebuild reads its own pages until the head. */
  tail: LogTail | null;
  lease: () => Lease | null;
  batchSize: number;
  catchUpBatchSize: number;
  /**
   * Longest a unit of work may spend applying events before it commits what it has: the
   * event loop serves nothing else meanwhile (handlers' reads and writes are synchronous).
   */
  maxBatchMs: number;
  /**
   * The same bound while it reads pages of its own (catching up, or rebuilding). Read models
   * are keyed by random ids, so each commit rewrites nearly every index page its unit touched:
   * a catch-up over 200,000 answers in units of 1 s over pages of 5,000 events wrote 11.5 GB
   * for an 812 MB file, in units of 4 s over pages of 10,000 6.1 GB, with a quarter less CPU
   * (pages of 20,000: 4 GB, but a peak RSS over 1 GiB). Requests are still served between
   * slices of a unit; only this process's other writes wait for it.
   */
  catchUpUnitMs: number;
  /** Whether commits announce themselves to other processes (live ones do). */
  announce: boolean;
  /**
   * Where a live processor leaves a batch that holds none of its events: the checkpoint moves
   * in a unit of work shared with the other projections. Without it, every batch commits here.
   */
  checkpoints: CheckpointBatcher | null;
  observer?: ProjectionObserver;
  onLeaseLost: () => void;
};

export type ProcessorStatus = {
  checkpoint: bigint | null;
  mode: 'live' | 'catching-up' | 'stopped';
  lastError: string | null;
  eventsApplied: number;
};

/** Feeds one projection its events in order and commits each batch with its checkpoint. */
export class Processor {
  checkpoint: bigint | null;
  lastError: string | null = null;
  eventsApplied = 0;
  private readonly consumer: TailConsumer;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private halting = false;

  constructor(private readonly options: ProcessorOptions) {
    this.checkpoint = options.checkpoint;
    this.consumer = { checkpoint: options.checkpoint, attached: false };
  }

  get projection() {
    return this.options.projection;
  }

  get generation() {
    return this.options.generation;
  }

  status(): ProcessorStatus {
    return {
      checkpoint: this.checkpoint,
      mode: !this.loop ? 'stopped' : this.consumer.attached ? 'live' : 'catching-up',
      lastError: this.lastError,
      eventsApplied: this.eventsApplied,
    };
  }

  /** Stopped: the unit under way ends at its next event, and `applyAll` applies no more. */
  get halted(): boolean {
    return this.halting;
  }

  start(): void {
    if (this.loop) return;
    this.halting = false;
    this.abort = new AbortController();
    this.loop = this.run(this.abort.signal);
  }

  /** Stops once the batch in hand is committed (or refused), cut short at its next event. */
  async stop(): Promise<void> {
    this.halting = true;
    this.abort?.abort();
    await this.loop;
    this.loop = null;
    if (this.consumer.attached) this.options.tail?.detach(this.consumer);
  }

  /**
   * Applies every event of a page it has not applied yet, in as many units of work as the
   * time bound allows, letting the event loop serve between them. Used by rebuilds, which
   * read the log for several projections at once.
   */
  async applyAll(page: readonly RecordedEvent[]): Promise<void> {
    let rest = page;
    while (rest.length > 0 && !this.halting) {
      await this.commit(rest);
      await nextTurn();
      const checkpoint = this.checkpoint;
      rest = checkpoint === null ? rest : rest.filter((event) => event.position > checkpoint);
    }
  }

  private run(signal: AbortSignal): Promise<void> {
    return consumeLog(
      {
        name: this.projection.name,
        consumer: this.consumer,
        tail: this.options.tail,
        events: this.options.events,
        logger: this.options.logger,
        batchSize: this.options.batchSize,
        catchUpBatchSize: this.options.catchUpBatchSize,
        handle: (batch) => this.commit(batch),
        failed: async (message) => {
          this.lastError = message;
          if (message !== null) await this.recordError(message);
        },
        onLeaseLost: () => {
          this.lastError = 'lease lost to another process';
          this.options.onLeaseLost();
        },
      },
      signal,
    );
  }

  /** Leaves the failure in the state document, where every process's status reads it. */
  async recordError(message: string | null): Promise<void> {
    const lease = this.options.lease();
    const { stateId, generation, projection } = this.options;
    await this.options.readStore.transaction(async (tx) => {
      if (lease) tx.fence(lease);
      const states = tx.collection<StateDoc>(STATE_COLLECTION);
      const state = (await states.findOne({ _id: stateId })) ?? {
        _id: stateId,
        generation,
        checkpoint: this.checkpoint === null ? null : String(this.checkpoint),
        version: projection.version,
        updatedAt: new Date().toISOString(),
      };
      const { lastError: _previous, ...rest } = state;
      await states.upsertOne(
        message === null ? rest : { ...rest, lastError: message.slice(0, 500) },
      );
    });
  }

  /** Applies a batch and commits it with the checkpoint; returns the events it applied. */
  private async commit(batch: readonly RecordedEvent[]): Promise<number> {
    if (this.options.checkpoints && !this.handlesAny(batch)) return this.advancePast(batch);
    return this.applyAndCommit(batch);
  }

  private handlesAny(batch: readonly RecordedEvent[]): boolean {
    const { handles } = this.options.projection;
    const checkpoint = this.checkpoint;
    return batch.some(
      (event) => handles.has(event.type) && (checkpoint === null || event.position > checkpoint),
    );
  }

  /** A batch of events this projection does not handle: only the checkpoint moves. */
  private advancePast(batch: readonly RecordedEvent[]): number {
    const { projection, generation, stateId } = this.options;
    const fresh =
      this.checkpoint === null ? batch : batch.filter((e) => e.position > this.checkpoint!);
    if (fresh.length === 0) return 0;
    const last = fresh[fresh.length - 1]!.position;
    this.checkpoint = last;
    this.consumer.checkpoint = last;
    this.eventsApplied += fresh.length;
    this.options.checkpoints!.advance({
      projection: projection.name,
      stateId,
      generation,
      version: projection.version,
      checkpoint: last,
      lease: this.options.lease(),
    });
    this.options.observer?.batchCommitted?.(projection.name, fresh.length, 0, false);
    return fresh.length;
  }

  /** One unit of work over the batch, as much of it as the time bound allows. */
  private async applyAndCommit(batch: readonly RecordedEvent[]): Promise<number> {
    const { projection, generation, readStore, stateId } = this.options;
    const lease = this.options.lease();
    let started = performance.now();
    let last: bigint | null = null;
    let applied = 0;
    const topics = new Set<string>();
    await readStore.transaction(
      async (tx) => {
        // The time bound counts from when the unit begins, not from when it asked to: units of
        // several projections wait for one another, and a bound that counted the wait let a
        // projection that waited a second apply one event per unit (a catch-up of 200,000
        // events crawled at a few events a second).
        started = performance.now();
        const db = this.dbFor(tx, topics);
        const bound = this.consumer.attached ? this.options.maxBatchMs : this.options.catchUpUnitMs;
        let slice = started;
        for (const event of batch) {
          // Positions only grow: anything at or before the checkpoint was applied already.
          if (this.checkpoint !== null && event.position <= this.checkpoint) continue;
          if (last !== null && event.position <= last) continue;
          if (projection.handles.has(event.type)) await projection.apply(event, db);
          last = event.position;
          applied++;
          const now = performance.now();
          if (now - started > bound || this.halting) break;
          // A large unit lets requests in between its events: they read through another
          // connection, and only this process's other writes wait for the unit to end.
          if (now - slice > SLICE_MS) {
            await nextTurn();
            slice = performance.now();
          }
        }
        if (last === null) return;
        if (lease) tx.fence(lease);
        await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne({
          _id: stateId,
          generation,
          checkpoint: String(last),
          version: projection.version,
          updatedAt: new Date().toISOString(),
        });
        if (this.options.announce) {
          tx.notify({
            projection: projection.name,
            generation,
            position: String(last),
            topics: [...topics],
          });
        }
      },
      // The unit writes its generation's collections and its own state document, nothing
      // another unit writes (a build fills a generation of its own, under a state of its own;
      // the shared checkpoint advances run alone): units of several projections may overlap.
      { alongside: true },
    );
    if (last !== null) {
      this.checkpoint = last;
      this.consumer.checkpoint = last;
      this.eventsApplied += applied;
      this.options.observer?.batchCommitted?.(
        projection.name,
        applied,
        (performance.now() - started) / 1000,
        !this.options.announce,
      );
    }
    return applied;
  }

  private dbFor(tx: UnitOfWork, topics: Set<string>): ProjectionDb<Projection['collections']> {
    const db: Record<string, unknown> = { notify: (topic: string) => topics.add(topic) };
    for (const logical of collectionNames(this.projection)) {
      db[logical] = tx.collection(physicalName(logical, this.generation));
    }
    return db as ProjectionDb<Projection['collections']>;
  }
}
