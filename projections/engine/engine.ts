import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import { CheckpointBatcher } from './checkpoints';
import { collectionNames, type Projection } from './define';
import { GenerationJanitor } from './generation-janitor';
import { drainToHead } from './drain';
import { ensureProjectionIndexes } from './indexes';
import { LeaseKeeper } from './lease-keeper';
import { LogTail } from './log-tail';
import { Processor, type ProjectionObserver } from './processor';
import type { Reactor } from './reactor';
import type { ReactorProcessor, Dispatch } from './reactor-processor';
import { ReactorRunner } from './reactor-runner';
import type { ReadModels } from './read-models';
import { Rebuilder, type RebuildReport } from './rebuilder';
import { sharedPages } from './shared-pages';
import { generationsKept, planTakeover, type Takeover } from './takeover';
import { buildStateId, STATE_COLLECTION, type StateDoc } from './state';

export type EngineOptions = {
  /** Names this process in leases; random by default. */
  owner?: string;
  leaseTtlMs?: number;
  /** How often held leases are renewed and free ones sought. */
  leaseCheckMs?: number;
  batchSize?: number;
  catchUpBatchSize?: number;
  /** Longest a live unit of work applies events before it commits. */
  maxBatchMs?: number;
  /** Longest a unit of a projection catching up by pages of its own runs before it commits. */
  catchUpUnitMs?: number;
  /**
   * Longest a rebuild's unit of work runs before it commits: each writes a document once
   * however many of its events touch it, so the larger the unit, the fewer writes.
   */
  rebuildUnitMs?: number;
  /** Events a rebuild reads from the log at once (each page is handed to every projection). */
  rebuildPageSize?: number;
  tailCapacity?: number;
  /**
   * From how many events in the log a projection never built before is built through the
   * rebuild path (one read of the log for all of them) rather than batch by batch on the live
   * path.
   */
  firstBuildFrom?: number;
  /** How long an old generation is kept after a swap, for reads already under way. */
  dropDelayMs?: number;
  /** Processors of their own whose output is commands (see Reactor); none by default. */
  reactors?: readonly Reactor[];
  /** What reactors read through (the projections' serving generations); needed with reactors. */
  readModels?: ReadModels;
  /** Runs the commands reactors ask for; needed with reactors. */
  dispatch?: Dispatch;
  /** Longest a reactor's batch waits for the projections it reads. */
  reactorReadWaitMs?: number;
  /** Tries of one event's reactions, with backoff, before the event is parked (8). */
  reactionAttempts?: number;
  /**
   * Longest a stop lets reactors and projections run on to the log's head before it stops
   * them (10 s): what a reactor appends then is projected before the process ends.
   */
  drainMs?: number;
  /** Told of committed batches and lease changes (metrics); never changes what runs. */
  observer?: ProjectionObserver;
};

type Slot = { projection: Projection; live: Processor | null };

/**
 * Runs projections and reactors in this process: each under its lease (so exactly one
 * process runs it), fed from the process's one subscription; builds a projection's new
 * generation when asked, when its version changed, or when it never ran on a long log; and
 * gives the leases up on stop.
 */
export class ProjectionEngine {
  readonly owner: string;
  private readonly slots = new Map<string, Slot>();
  private readonly reactorNames: readonly string[];
  private readonly reactors: ReactorRunner | null;
  private readonly leases: LeaseKeeper;
  private readonly rebuilder: Rebuilder;
  private readonly janitor: GenerationJanitor;
  private readonly tail: LogTail;
  /** The log as live processors and reactors catching up on their own read it. */
  private readonly catchUpReads: EventStore;
  private readonly checkpoints: CheckpointBatcher;
  private stopped = false;
  private recordedTailError: string | null = null;
  private readonly settings: Required<
    Omit<EngineOptions, 'owner' | 'dispatch' | 'observer' | 'reactors' | 'readModels'>
  >;
  private readonly observer: ProjectionObserver;

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly logger: Logger,
    options: EngineOptions = {},
  ) {
    this.owner = options.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.observer = options.observer ?? {};
    this.settings = {
      leaseTtlMs: options.leaseTtlMs ?? 10_000,
      leaseCheckMs: options.leaseCheckMs ?? 2_000,
      batchSize: options.batchSize ?? 500,
      catchUpBatchSize: options.catchUpBatchSize ?? 10_000,
      maxBatchMs: options.maxBatchMs ?? 1_000,
      catchUpUnitMs: options.catchUpUnitMs ?? 4_000,
      rebuildUnitMs: options.rebuildUnitMs ?? 4_000,
      rebuildPageSize: options.rebuildPageSize ?? 20_000,
      tailCapacity: options.tailCapacity ?? 20_000,
      firstBuildFrom: options.firstBuildFrom ?? 10_000,
      dropDelayMs: options.dropDelayMs ?? 30_000,
      reactorReadWaitMs: options.reactorReadWaitMs ?? 10_000,
      reactionAttempts: options.reactionAttempts ?? 8,
      drainMs: options.drainMs ?? 10_000,
    };
    const reactors = options.reactors ?? [];
    if (reactors.length > 0 && (!options.readModels || !options.dispatch)) {
      throw new Error(
        'Reactors need the read models they read and a dispatcher for their commands',
      );
    }
    this.tail = new LogTail(events, logger, this.settings.tailCapacity);
    this.catchUpReads = sharedPages(events);
    this.checkpoints = new CheckpointBatcher(readStore, logger);
    const owners = new Map<string, string>();
    for (const projection of projections) {
      if (this.slots.has(projection.name))
        throw new Error(`Two projections named ${projection.name}`);
      for (const name of collectionNames(projection)) {
        const other = owners.get(name);
        if (other) throw new Error(`Collection ${name} belongs to ${other} and ${projection.name}`);
        owners.set(name, projection.name);
      }
      this.slots.set(projection.name, { projection, live: null });
    }
    const reactorsByName = new Map<string, Reactor>();
    for (const reactor of reactors) {
      if (this.slots.has(reactor.name) || reactorsByName.has(reactor.name)) {
        throw new Error(`Two projections or reactors named ${reactor.name}`);
      }
      reactorsByName.set(reactor.name, reactor);
    }
    this.reactorNames = [...reactorsByName.keys()];
    this.leases = new LeaseKeeper(readStore, [...this.slots.keys(), ...this.reactorNames], {
      owner: this.owner,
      ttlMs: this.settings.leaseTtlMs,
      checkMs: this.settings.leaseCheckMs,
      logger,
      observer: this.observer,
    });
    this.reactors =
      options.readModels && options.dispatch && reactors.length > 0
        ? new ReactorRunner(reactorsByName, {
            events: this.catchUpReads,
            readStore,
            readModels: options.readModels,
            dispatch: options.dispatch,
            logger,
            tail: this.tail,
            leases: this.leases,
            checkpoints: this.checkpoints,
            observer: this.observer,
            batchSize: this.settings.batchSize,
            catchUpBatchSize: this.settings.catchUpBatchSize,
            readWaitMs: this.settings.reactorReadWaitMs,
            attempts: this.settings.reactionAttempts,
          })
        : null;
    this.janitor = new GenerationJanitor(readStore, logger, this.settings.dropDelayMs, (p, g) =>
      this.inUse(p, g),
    );
    this.rebuilder = new Rebuilder({
      events,
      readStore,
      projections: new Map(projections.map((p) => [p.name, p])),
      janitor: this.janitor,
      logger,
      pageSize: this.settings.rebuildPageSize,
      host: {
        lease: (name) => this.leases.lease(name),
        buildProcessor: (projection, generation, checkpoint, stateId) =>
          this.processor(this.slotOf(projection.name), generation, checkpoint, stateId, false),
        pauseLive: async (name) => {
          const slot = this.slotOf(name);
          const live = slot.live;
          slot.live = null;
          await live?.stop();
        },
        goLive: async (projection, generation, checkpoint) => {
          if (!this.stopped)
            await this.startLive(this.slotOf(projection.name), generation, checkpoint);
        },
      },
    });
  }

  get projections(): Projection[] {
    return [...this.slots.values()].map((slot) => slot.projection);
  }

  /** Takes every free lease and starts those projections; keeps looking for free ones. */
  async start(): Promise<void> {
    await this.leases.start({
      lost: (name) => this.lost(name),
      checked: (taken) => this.startTaken(taken),
    });
  }

  /**
   * A clean stop: builds under way end at their next event (whoever takes the lease next goes
   * on with them); reactors and projections run on until both stand at the log's head (within
   * `drainMs`); then each finishes the batch in hand, commits its checkpoint, and the leases
   * are released.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    const deadline = Date.now() + this.settings.drainMs;
    // Leases are still renewed while the drain runs, and nothing new is taken.
    this.leases.stopTaking();
    await this.rebuilder.stop();
    const drained = await drainToHead({
      events: this.events,
      reactors: () => this.heldReactors().map((name) => this.reactorOf(name)?.checkpoint ?? null),
      projections: () =>
        [...this.slots.values()].flatMap((slot) => (slot.live ? [slot.live.checkpoint] : [])),
      stopReactors: async () => this.reactors?.stop(),
      deadline,
    });
    if (!drained) {
      this.logger.warn(
        { drainMs: this.settings.drainMs },
        'stopping before the read models reached the head of the log: whoever runs them next goes on',
      );
    }
    await this.leases.halt();
    await Promise.all([...this.slots.values()].map((slot) => slot.live?.stop()));
    await this.reactors?.stop();
    await this.checkpoints.flush();
    await this.tail.stop();
    await this.janitor.stop();
    await this.leases.releaseAll();
    for (const slot of this.slots.values()) slot.live = null;
  }

  /** Names of the reactors this process runs now. */
  heldReactors(): string[] {
    return this.leases.held(this.reactorNames);
  }

  reactorOf(name: string): ReactorProcessor | null {
    return this.reactors?.processorOf(name) ?? null;
  }

  /** Names of the projections this process runs now. */
  held(): string[] {
    return this.leases.held(this.slots.keys());
  }

  processorOf(name: string): Processor | null {
    return this.slots.get(name)?.live ?? null;
  }

  tailError(): string | null {
    return this.tail.lastError;
  }

  /** Replays the whole log into a fresh generation while the current one serves, then swaps. */
  async rebuild(name: string): Promise<RebuildReport> {
    const [report] = await this.rebuildMany([name]);
    return report!;
  }

  /**
   * Rebuilds several projections from one read of the log: each page is read once and handed
   * to every projection being rebuilt, each into a fresh generation, swapped in at the end.
   */
  async rebuildMany(names: readonly string[]): Promise<RebuildReport[]> {
    const projections = names.map((name) => {
      const slot = this.slots.get(name);
      if (!slot) throw notFound('Unknown projection', `There is no projection ${name}.`);
      if (!this.leases.lease(name)) {
        throw conflict(
          'Runs elsewhere',
          `Projection ${name} runs in another process: rebuild it there.`,
        );
      }
      if (this.rebuilder.isRebuilding(name))
        throw conflict('Already rebuilding', `Projection ${name} is already rebuilding.`);
      return slot.projection;
    });
    return this.rebuilder.rebuild(projections);
  }

  /** Resolves once every drop of an old generation planned so far was made or spared. */
  dropsSettled(): Promise<void> {
    return this.janitor.settled();
  }

  isRebuilding(name: string): boolean {
    return this.rebuilder.isRebuilding(name);
  }

  /** Where a rebuild has reached (projections built together share the furthest behind's). */
  rebuildProgress(name: string): bigint | null {
    return this.rebuilder.progress(name);
  }

  private slotOf(name: string): Slot {
    return this.slots.get(name)!;
  }

  private async stateOf(id: string): Promise<StateDoc | null> {
    return this.readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: id });
  }

  private async lost(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (slot) await this.lose(slot);
    else await this.reactors?.lose(name);
  }

  /** After each lease check: what this process just took starts, and rebuilds asked for. */
  private async startTaken(names: readonly string[]): Promise<void> {
    if (this.stopped) return;
    await this.recordTailError();
    await this.rebuilder
      .takeRequests()
      .catch((error) => this.logger.error({ err: error }, 'could not read rebuild requests'));
    this.reactors?.retryParked();
    if (names.length === 0 || this.stopped) return;
    const taken = await this.planTakeovers(
      names.flatMap((n) => this.slots.get(n)?.projection ?? []),
    );
    if (!this.tail.running) {
      // The one subscription starts at the log's head: consumers behind it catch up by pages
      // of their own (shared between them) and attach once it covers them. Started where the
      // furthest-behind stood, it read and opened the whole gap a second time while nobody
      // was attached, in one stretch of microtasks that held the event loop (42 s on a loaded
      // machine, over 200,000 events).
      this.tail.start(await this.events.headPosition());
    }
    await this.reactors?.start(names.filter((name) => this.reactorNames.includes(name)));
    if (taken.length === 0) return;
    await this.janitor
      .sweep(taken.map((t) => ({ projection: t.projection, keep: generationsKept(t) })))
      .catch((error) => this.logger.warn({ err: error }, 'could not look for old generations'));
    await this.forgetStaleBuilds(taken).catch((error) =>
      this.logger.warn({ err: error }, 'could not forget the state of an abandoned build'),
    );
    for (const { projection, live, serving, checkpoint } of taken) {
      if (live) await this.startLive(this.slotOf(projection.name), serving, checkpoint);
    }
    if (taken.some((t) => t.build)) this.build(taken);
  }

  /** What each projection just taken starts with, from its states in the store. */
  private async planTakeovers(projections: readonly Projection[]): Promise<Takeover[]> {
    if (projections.length === 0) return [];
    const ids = projections.flatMap((p) => [p.name, buildStateId(p.name)]);
    const states = new Map(
      (await this.readStore.collection<StateDoc>(STATE_COLLECTION).find({ _id: { $in: ids } })).map(
        (state) => [state._id, state],
      ),
    );
    const from = this.settings.firstBuildFrom;
    const longLog =
      projections.some((p) => !states.has(p.name)) &&
      (await this.events.countEventsAfter(null, from)) >= from;
    return projections.map((p) =>
      planTakeover(
        p,
        states.get(p.name) ?? null,
        states.get(buildStateId(p.name)) ?? null,
        longLog,
      ),
    );
  }

  /** States of builds nobody will go on with: their generations go with the sweep. */
  private async forgetStaleBuilds(taken: readonly Takeover[]): Promise<void> {
    const stale = taken.filter((t) => t.staleBuild).map((t) => t.projection.name);
    if (stale.length === 0) return;
    await this.readStore.transaction(async (tx) => {
      for (const name of stale) {
        const lease = this.leases.lease(name);
        if (!lease) continue;
        tx.fence(lease);
        await tx.collection(STATE_COLLECTION).deleteOne({ _id: buildStateId(name) });
      }
    });
  }

  /**
   * Builds what the projections just taken need from one read of the log (first builds,
   * changed versions, rebuilds another process left unfinished), each from its own
   * checkpoint, and swaps each in live.
   */
  private build(taken: readonly Takeover[]): void {
    const jobs = taken.flatMap((t) => (t.build ? [t.build] : []));
    this.logger.info(
      {
        builds: jobs.map(({ projection, generation, reason, resume }) => ({
          projection: projection.name,
          generation,
          reason,
          from: resume?.checkpoint ?? null,
        })),
      },
      'building generations from the log: one read of it for all of them',
    );
    // Projections nothing runs live meanwhile: a failure gives their leases up, and whoever
    // takes them next goes on with the build from its checkpoint.
    const waiting = taken.filter((t) => t.build && !t.live).map((t) => t.projection.name);
    this.rebuilder.inBackground(
      this.rebuilder.run(jobs),
      'build failed',
      { projections: jobs.map((job) => job.projection.name) },
      {
        stopped: 'build stopped: whoever takes the lease next goes on with it',
        failed: async () => {
          for (const name of waiting) {
            this.leases.forget(name);
            await this.lose(this.slotOf(name));
          }
        },
      },
    );
  }

  /** A failing subscription stalls every live projection here: their status says why. */
  private async recordTailError() {
    const error = this.tail.lastError;
    if (error === this.recordedTailError) return;
    this.recordedTailError = error;
    for (const slot of this.slots.values()) {
      await slot.live?.recordError(error).catch(() => undefined);
    }
  }

  private async lose(slot: Slot) {
    this.logger.warn({ projection: slot.projection.name }, 'projection lease lost');
    const live = slot.live;
    slot.live = null;
    await Promise.all([live?.stop(), this.rebuilder.leaseLost(slot.projection.name)]);
  }

  private async startLive(slot: Slot, generation: number, checkpoint: bigint | null) {
    await ensureProjectionIndexes(this.readStore, slot.projection, generation);
    const processor = this.processor(slot, generation, checkpoint, slot.projection.name, true);
    slot.live = processor;
    processor.start();
  }

  private processor(
    slot: Slot,
    generation: number,
    checkpoint: bigint | null,
    stateId: string,
    live: boolean,
  ) {
    const { name } = slot.projection;
    return new Processor({
      projection: slot.projection,
      generation,
      checkpoint,
      stateId,
      events: live ? this.catchUpReads : this.events,
      readStore: this.readStore,
      logger: this.logger,
      tail: live ? this.tail : null,
      lease: () => this.leases.lease(name),
      batchSize: this.settings.batchSize,
      catchUpBatchSize: this.settings.catchUpBatchSize,
      maxBatchMs: live ? this.settings.maxBatchMs : this.settings.rebuildUnitMs,
      catchUpUnitMs: live ? this.settings.catchUpUnitMs : this.settings.rebuildUnitMs,
      announce: live,
      checkpoints: live ? this.checkpoints : null,
      observer: this.observer,
      onLeaseLost: () => {
        this.leases.forget(name);
        void this.lose(slot);
      },
    });
  }

  /**
   * Whether a generation must stay: it serves reads or is being built again (a rebuild since
   * the drop was planned), or this process no longer holds the projection, so it cannot know
   * what the holder builds (the holder looks for old generations itself when it takes it).
   */
  private async inUse(projection: Projection, generation: number): Promise<boolean> {
    const { name } = projection;
    if (!this.leases.lease(name)) return true;
    if (this.slots.get(name)?.live?.generation === generation) return true;
    if (this.rebuilder.generationBuilding(name) === generation) return true;
    return (await this.stateOf(name))?.generation === generation;
  }
}
