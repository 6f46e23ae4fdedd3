import { Subject } from 'rxjs';
import { conflict } from '../domain/shared/errors';
import type { RecordedEvent } from '../domain/shared/events';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { Doc, ReadCollection, ReadStore } from '../infra/read-store/read-store';
import type { ChangeNotice, Projection } from './projection';

const STATE_COLLECTION = 'projection_state';

type StateDoc = Doc & { generation: number; checkpoint: string | null; version: number };

type Live = {
  projection: Projection;
  handles: ReadonlySet<string>;
  generation: number;
  checkpoint: bigint | null;
  abort: AbortController | null;
  loop: Promise<void> | null;
  rebuilding: boolean;
  lastError: string | null;
};

export type ProjectionStatus = {
  name: string;
  generation: number;
  checkpoint: string | null;
  head: string | null;
  /** Events in the log the projection has not processed yet. */
  lag: string;
  rebuilding: boolean;
  lastError: string | null;
};

export type RebuildReport = { name: string; events: number; seconds: number; generation: number };

export type RunnerOptions = {
  batchSize?: number;
  /** Page size when rebuilding (bigger batches, no live notices). */
  rebuildBatchSize?: number;
  retryDelayMs?: number;
};

const physicalName = (logical: string, generation: number) => `${logical}_g${generation}`;

/**
 * Feeds every projection the log in order from its checkpoint, in batches. A batch's
 * read-model writes and the new checkpoint are committed in one unit of work, so an
 * event is never applied twice. After each commit the runner emits a change notice.
 */
export class ProjectionRunner {
  readonly changes = new Subject<ChangeNotice>();
  private readonly lives = new Map<string, Live>();
  private readonly owners = new Map<string, Live>();
  private readonly waiters = new Set<() => void>();
  private head: bigint | null = null;
  private stopped = false;
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly retryDelayMs: number;

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly logger: Logger,
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 5000;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    for (const projection of projections) {
      const live: Live = {
        projection,
        handles: new Set(projection.handles),
        generation: 1,
        checkpoint: null,
        abort: null,
        loop: null,
        rebuilding: false,
        lastError: null,
      };
      this.lives.set(projection.name, live);
      for (const collection of projection.collections) {
        if (this.owners.has(collection))
          throw new Error(`Collection ${collection} has two projections`);
        this.owners.set(collection, live);
      }
    }
  }

  /** Loads checkpoints, rebuilds projections whose version changed, and starts every loop. */
  async start(): Promise<void> {
    const states = this.readStore.collection<StateDoc>(STATE_COLLECTION);
    for (const live of this.lives.values()) {
      const state = await states.findOne({ _id: live.projection.name });
      if (state && state.version === live.projection.version) {
        live.generation = state.generation;
        live.checkpoint = state.checkpoint === null ? null : BigInt(state.checkpoint);
      } else if (state) {
        this.logger.info(
          { projection: live.projection.name, from: state.version, to: live.projection.version },
          'projection version changed: replaying from the first event',
        );
        await this.dropGeneration(live.projection, state.generation + 1);
        live.generation = state.generation + 1;
        live.checkpoint = null;
        void this.dropGenerationLater(live.projection, state.generation);
      }
      this.startLive(live);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.lives.values()].map((live) => this.stopLive(live)));
    this.changes.complete();
    this.waiters.forEach((wake) => wake());
  }

  /** The read-model collection a query should read, under its logical name. */
  collection<T extends Doc = Doc>(logical: string): ReadCollection<T> {
    const owner = this.owners.get(logical);
    if (!owner) throw new Error(`No projection owns collection ${logical}`);
    return this.readStore.collection<T>(physicalName(logical, owner.generation));
  }

  /** Resolves true once every named projection (all by default) has passed `position`. */
  async waitFor(position: bigint, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    const targets = names ? names.map((n) => this.lives.get(n)!) : [...this.lives.values()];
    const reached = () => targets.every((l) => l.checkpoint !== null && l.checkpoint >= position);
    if (reached()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (reached() || this.stopped) finish(reached());
      };
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const timer = setTimeout(() => finish(reached()), timeoutMs);
      this.waiters.add(check);
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = (await this.events.headPosition()) ?? this.head;
    return [...this.lives.values()].map((live) => ({
      name: live.projection.name,
      generation: live.generation,
      checkpoint: live.checkpoint?.toString() ?? null,
      head: head?.toString() ?? null,
      lag: head === null ? '0' : (head - (live.checkpoint ?? 0n)).toString(),
      rebuilding: live.rebuilding,
      lastError: live.lastError,
    }));
  }

  /**
   * Replays the whole log into a fresh generation of the projection's collections
   * while the current one keeps serving, then swaps it in. The live loop pauses only
   * for the last few events.
   */
  async rebuild(name: string): Promise<RebuildReport> {
    const live = this.lives.get(name);
    if (!live) throw new Error(`Unknown projection ${name}`);
    if (live.rebuilding)
      throw conflict('Already rebuilding', `Projection ${name} is already rebuilding.`);
    live.rebuilding = true;
    const started = performance.now();
    const generation = live.generation + 1;
    try {
      await this.dropGeneration(live.projection, generation);
      let progress = await this.catchUp(live, generation, { checkpoint: null, events: 0 });
      await this.stopLive(live);
      progress = await this.catchUp(live, generation, progress);
      const previous = live.generation;
      await this.readStore.transaction(async (tx) => {
        await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne({
          _id: name,
          generation,
          checkpoint: progress.checkpoint?.toString() ?? null,
          version: live.projection.version,
        });
      });
      live.generation = generation;
      live.checkpoint = progress.checkpoint;
      this.startLive(live);
      await this.dropGeneration(live.projection, previous);
      const seconds = (performance.now() - started) / 1000;
      this.logger.info(
        { projection: name, events: progress.events, seconds },
        'projection rebuilt',
      );
      return { name, events: progress.events, seconds, generation };
    } finally {
      live.rebuilding = false;
    }
  }

  private async catchUp(
    live: Live,
    generation: number,
    from: { checkpoint: bigint | null; events: number },
  ): Promise<{ checkpoint: bigint | null; events: number }> {
    let { checkpoint, events } = from;
    for (;;) {
      const page = await this.events.readAll({
        ...(checkpoint === null ? {} : { after: checkpoint }),
        maxCount: this.rebuildBatchSize,
      });
      if (page.length === 0) return { checkpoint, events };
      await this.commitBatch(live, page, generation, `${live.projection.name}#rebuild`);
      checkpoint = page[page.length - 1]!.position;
      events += page.length;
    }
  }

  private startLive(live: Live): void {
    if (this.stopped) return;
    const abort = new AbortController();
    live.abort = abort;
    live.loop = this.runLive(live, abort.signal);
  }

  private async stopLive(live: Live): Promise<void> {
    live.abort?.abort();
    await live.loop;
    live.abort = null;
    live.loop = null;
  }

  private async runLive(live: Live, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.consume(live, signal);
        live.lastError = null;
      } catch (error) {
        live.lastError = error instanceof Error ? error.message : String(error);
        this.logger.error(
          { err: error, projection: live.projection.name },
          'projection failed; retrying',
        );
        await sleep(this.retryDelayMs, signal);
      }
    }
  }

  /** A pump buffers the subscription; the loop commits whatever is buffered as one batch. */
  private async consume(live: Live, signal: AbortSignal): Promise<void> {
    const buffer: RecordedEvent[] = [];
    const waiting: { wake: (() => void) | null } = { wake: null };
    let ended = false;
    let failure: unknown = null;
    const start = live.checkpoint === null ? 'start' : { after: live.checkpoint };
    const pump = (async () => {
      try {
        for await (const event of this.events.subscribeToAll(start, signal)) {
          buffer.push(event);
          waiting.wake?.();
          while (buffer.length >= this.batchSize * 4 && !signal.aborted) await sleep(1, signal);
        }
      } catch (error) {
        failure = error;
      } finally {
        ended = true;
        waiting.wake?.();
      }
    })();
    const wakeOnAbort = () => waiting.wake?.();
    signal.addEventListener('abort', wakeOnAbort);
    try {
      while (!signal.aborted) {
        if (buffer.length === 0) {
          if (ended) break;
          await new Promise<void>((resolve) => {
            waiting.wake = resolve;
          });
          waiting.wake = null;
          continue;
        }
        const batch = buffer.splice(0, this.batchSize);
        await this.commitBatch(live, batch, live.generation, live.projection.name);
      }
    } finally {
      signal.removeEventListener('abort', wakeOnAbort);
      await pump;
    }
    if (failure) throw failure;
  }

  private async commitBatch(
    live: Live,
    batch: RecordedEvent[],
    generation: number,
    stateId: string,
  ): Promise<void> {
    const isLive = stateId === live.projection.name;
    // Positions only grow: anything at or before the last one seen was applied already.
    let seen = isLive ? live.checkpoint : null;
    const fresh = batch.filter((event) => {
      if (seen !== null && event.position <= seen) return false;
      seen = event.position;
      return true;
    });
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1]!.position;
    const topics = new Set<string>();
    await this.readStore.transaction(async (tx) => {
      const context = {
        collection: <T extends Doc>(logical: string) => {
          if (!live.projection.collections.includes(logical)) {
            throw new Error(`${live.projection.name} does not own collection ${logical}`);
          }
          return tx.collection<T>(physicalName(logical, generation));
        },
        notify: (topic: string) => topics.add(topic),
      };
      for (const event of fresh) {
        if (live.handles.has(event.type)) await live.projection.apply(event, context);
      }
      await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne({
        _id: stateId,
        generation,
        checkpoint: last.toString(),
        version: live.projection.version,
      });
    });
    if (!isLive) return;
    live.checkpoint = last;
    if (this.head === null || last > this.head) this.head = last;
    this.changes.next({ projection: live.projection.name, position: last, topics: [...topics] });
    this.waiters.forEach((check) => check());
  }

  private async dropGeneration(projection: Projection, generation: number) {
    for (const logical of projection.collections) {
      await this.readStore.dropCollection(physicalName(logical, generation));
    }
  }

  private async dropGenerationLater(projection: Projection, generation: number) {
    await sleep(0);
    await this.dropGeneration(projection, generation);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
