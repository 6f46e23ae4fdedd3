import type { RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import {
  LeaseLostError,
  type Doc,
  type Lease,
  type ReadStore,
  type UnitOfWork,
} from '../../infra/read-store/read-store';
import type { CheckpointBatcher } from './checkpoints';
import {
  collectionNames,
  physicalName,
  type Projection,
  type ProjectionDb,
  type Reaction,
} from './define';
import type { LogTail, TailConsumer } from './log-tail';
import { backoffDelay, sleep } from './timing';

export const STATE_COLLECTION = 'projection_state';

/** Runs the commands a batch's reactions ask for. */
export type Dispatch = (reactions: Reaction[]) => Promise<void>;

/**
 * The dispatcher for replays of what was reacted to already (rebuilds, migrations, analyst
 * replays): reactions are dropped, and batches are applied once.
 */
export const ignoreReactions: Dispatch = async () => {};

/** Thrown inside a unit of work to take it back, so its reactions run outside of it. */
class ReactionsFirst extends Error {
  constructor(
    readonly reactions: Reaction[],
    readonly through: bigint,
  ) {
    super('reactions run before the batch commits');
  }
}

export type StateDoc = Doc & {
  generation: number;
  checkpoint: string | null;
  version: number;
  updatedAt: string;
  /** The last failure, for every process's status; cleared by the next successful commit. */
  lastError?: string;
};

/** What an engine tells an observer (metrics): it only listens, it never changes what runs. */
export type ProjectionObserver = {
  batchCommitted?(projection: string, events: number, seconds: number, rebuild: boolean): void;
  leaseChanged?(projection: string, change: 'taken' | 'lost' | 'released'): void;
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
  /** Longest a unit of work may spend applying events before it commits what it has. */
  maxBatchMs: number;
  /** Whether commits announce themselves to other processes (live ones do). */
  announce: boolean;
  /** Rebuilds keep their writes in memory until the engine flushes them (see TransactionOptions). */
  deferred: boolean;
  /** Runs the commands reactors ask for; absent where no reactor runs. */
  dispatch: Dispatch | null;
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

  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    this.loop = this.run(this.abort.signal);
  }

  /** Stops after the batch in hand is committed (or refused). */
  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.loop = null;
    if (this.consumer.attached) this.options.tail?.detach(this.consumer);
  }

  /**
   * Applies every event of a page it has not applied yet, in as many units of work as the
   * time bound allows. Used by rebuilds, which read the log for several projections at once.
   */
  async applyAll(page: readonly RecordedEvent[]): Promise<void> {
    let rest = page;
    while (rest.length > 0) {
      await this.commit(rest);
      const checkpoint = this.checkpoint;
      rest = checkpoint === null ? rest : rest.filter((event) => event.position > checkpoint);
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { tail } = this.options;
    let attempt = 0;
    while (!signal.aborted) {
      try {
        if (tail && !this.consumer.attached && tail.covers(this.checkpoint))
          tail.attach(this.consumer);
        if (tail && this.consumer.attached) {
          const batch = tail.take(this.checkpoint, this.options.batchSize);
          if (batch.length === 0) {
            await tail.waitForEvents(this.consumer, signal);
            continue;
          }
          await this.commit(batch);
          tail.trim();
        } else {
          const page = await this.options.events.readAll({
            ...(this.checkpoint === null ? {} : { after: this.checkpoint }),
            maxCount: this.options.catchUpBatchSize,
          });
          if (page.length === 0) {
            // At the head: wait for the tail to cover us (or, without one, for new events).
            await sleep(tail?.running ? 5 : 50, signal);
            continue;
          }
          await this.commit(page);
        }
        attempt = 0;
        this.lastError = null;
      } catch (error) {
        if (error instanceof LeaseLostError) {
          this.options.logger.warn(
            { projection: this.projection.name },
            'lease lost to another process: stopping this projection here',
          );
          this.lastError = error.message;
          this.options.onLeaseLost();
          return;
        }
        attempt++;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.logger.error(
          { err: error, projection: this.projection.name, attempt },
          'projection batch failed; retrying',
        );
        await this.recordError(this.lastError).catch(() => undefined);
        await sleep(backoffDelay(attempt), signal);
      }
    }
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

  /**
   * Applies a batch and commits it with the checkpoint; returns the events it applied.
   *
   * A batch that asks for reactions is applied twice: the first unit of work only collects
   * them and is taken back, the reactions' commands run outside any unit of work (so other
   * projections' commits and readers never wait on them), then the same events are applied
   * again and committed with the checkpoint. A crash in between runs the reactions again,
   * which their commands allow (they change nothing when repeated).
   */
  private async commit(batch: readonly RecordedEvent[]): Promise<number> {
    if (this.options.checkpoints && !this.handlesAny(batch)) return this.advancePast(batch);
    let reacted: bigint | null = null;
    for (;;) {
      try {
        return await this.applyAndCommit(batch, reacted);
      } catch (error) {
        if (!(error instanceof ReactionsFirst)) throw error;
        await this.options.dispatch!(error.reactions);
        reacted = error.through;
      }
    }
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

  /** One unit of work over the batch; `reacted`: the events through which reactions ran. */
  private async applyAndCommit(
    batch: readonly RecordedEvent[],
    reacted: bigint | null,
  ): Promise<number> {
    const { projection, generation, readStore, stateId, dispatch } = this.options;
    const lease = this.options.lease();
    const started = performance.now();
    let last: bigint | null = null;
    let applied = 0;
    const topics = new Set<string>();
    await readStore.transaction(
      async (tx) => {
        const reactions: Reaction[] = [];
        // Reactions are worked out on the first pass only, and only where they are dispatched.
        const reacting = reacted === null && dispatch !== ignoreReactions;
        const db = this.dbFor(tx, topics, reactions, reacting);
        for (const event of batch) {
          // Positions only grow: anything at or before the checkpoint was applied already.
          if (this.checkpoint !== null && event.position <= this.checkpoint) continue;
          if (last !== null && event.position <= last) continue;
          // The second pass stops where the reactions that ran stopped.
          if (reacted !== null && event.position > reacted) break;
          if (projection.handles.has(event.type)) await projection.apply(event, db);
          last = event.position;
          applied++;
          if (performance.now() - started > this.options.maxBatchMs) break;
        }
        if (last === null) return;
        if (reactions.length > 0 && reacted === null && dispatch !== ignoreReactions) {
          if (!dispatch) throw new Error(`${projection.name} reacts, but no dispatcher runs here`);
          throw new ReactionsFirst(reactions, last);
        }
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
      { deferred: this.options.deferred },
    );
    if (last !== null) {
      this.checkpoint = last;
      this.consumer.checkpoint = last;
      this.eventsApplied += applied;
      this.options.observer?.batchCommitted?.(
        projection.name,
        applied,
        (performance.now() - started) / 1000,
        this.options.deferred,
      );
    }
    return applied;
  }

  private dbFor(
    tx: UnitOfWork,
    topics: Set<string>,
    reactions: Reaction[],
    reacting: boolean,
  ): ProjectionDb<Projection['collections']> {
    const db: Record<string, unknown> = {
      reacting,
      notify: (topic: string) => topics.add(topic),
      dispatch: (reaction: Reaction) => {
        if (!this.options.projection.reacts) {
          throw new Error(
            `${this.options.projection.name} asks for a command: declare it \`reacts: true\``,
          );
        }
        reactions.push(reaction);
      },
    };
    for (const logical of collectionNames(this.projection)) {
      db[logical] = tx.collection(physicalName(logical, this.generation));
    }
    return db as ProjectionDb<Projection['collections']>;
  }
}
