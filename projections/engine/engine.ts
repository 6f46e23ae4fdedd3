import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { conflict, notFound } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Doc, Lease, ReadStore } from '../../infra/read-store/read-store';
import { collectionNames, physicalName, type Projection } from './define';
import { CheckpointBatcher } from './checkpoints';
import { LogTail } from './log-tail';
import { sharedPages } from './shared-pages';
import { Processor, STATE_COLLECTION, type ProjectionObserver, type StateDoc } from './processor';
import { ensureProjectionIndexes } from './indexes';
import type { ReadModels } from './read-models';
import type { Reactor } from './reactor';
import { ReactorProcessor, reactorState, type Dispatch } from './reactor-processor';
import { sleep } from './timing';

/** A rebuild or first build cut short by the engine's stop: its checkpoint stays, to resume from. */
export class EngineStopped extends Error {
  constructor() {
    super('The projection engine stopped');
    this.name = 'EngineStopped';
  }
}

/** One projection's report from a build of several; its failure is the build's, handled there. */
const reportOf = (work: Promise<RebuildReport[]>, i: number): Promise<RebuildReport> => {
  const report = work.then((reports) => reports[i]!);
  report.catch(() => undefined);
  return report;
};

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
  /** Told of committed batches and lease changes (metrics); never changes what runs. */
  observer?: ProjectionObserver;
};

/** A rebuild asked for by any process, done by the one holding the projection's lease. */
export const REQUESTS = 'projection_requests';
type RequestDoc = Doc & { requestedAt: string };

/** Asks whichever process runs the projection to rebuild it, at its next lease check. */
export const requestRebuild = (readStore: ReadStore, name: string) =>
  readStore.transaction(async (tx) => {
    await tx
      .collection<RequestDoc>(REQUESTS)
      .upsertOne({ _id: name, requestedAt: new Date().toISOString() });
  });

export type RebuildReport = { name: string; events: number; seconds: number; generation: number };

/** One signal that every delayed drop listens to: as many listeners as drops planned. */
const abortController = () => {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
};

type Slot = {
  projection: Projection;
  lease: Lease | null;
  live: Processor | null;
  rebuild: Promise<RebuildReport> | null;
  rebuildProcessor: Processor | null;
};

type ReactorSlot = { reactor: Reactor; lease: Lease | null; processor: ReactorProcessor | null };

/**
 * Runs projections in this process: for each, it takes the projection's lease (so exactly
 * one process runs it), feeds it from the process's one subscription, rebuilds it into a
 * fresh generation when asked or when its version changed, and gives the lease up on stop.
 */
export class ProjectionEngine {
  readonly owner: string;
  private readonly slots = new Map<string, Slot>();
  private readonly reactorSlots = new Map<string, ReactorSlot>();
  private readonly tail: LogTail;
  /** The log as live processors and reactors catching up on their own read it. */
  private readonly catchUpReads: EventStore;
  private readonly checkpoints: CheckpointBatcher;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private recordedTailError: string | null = null;
  private readonly dropping = abortController();
  private readonly drops = new Set<Promise<void>>();
  /** Builds and rebuilds under way, started by a lease check: a stop waits for each to end. */
  private readonly builds = new Set<Promise<unknown>>();
  /** The processors of each build, by each of its processors. */
  private readonly buildGroups = new WeakMap<Processor, readonly Processor[]>();
  private readonly settings: Required<
    Omit<EngineOptions, 'owner' | 'dispatch' | 'observer' | 'reactors' | 'readModels'>
  >;
  private readonly reactorRuntime: { readModels: ReadModels; dispatch: Dispatch } | null;
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
    };
    const reactors = options.reactors ?? [];
    if (reactors.length > 0 && (!options.readModels || !options.dispatch)) {
      throw new Error(
        'Reactors need the read models they read and a dispatcher for their commands',
      );
    }
    this.reactorRuntime =
      options.readModels && options.dispatch
        ? { readModels: options.readModels, dispatch: options.dispatch }
        : null;
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
      this.slots.set(projection.name, {
        projection,
        lease: null,
        live: null,
        rebuild: null,
        rebuildProcessor: null,
      });
    }
    for (const reactor of reactors) {
      if (this.slots.has(reactor.name) || this.reactorSlots.has(reactor.name)) {
        throw new Error(`Two projections or reactors named ${reactor.name}`);
      }
      this.reactorSlots.set(reactor.name, { reactor, lease: null, processor: null });
    }
  }

  get projections(): Projection[] {
    return [...this.slots.values()].map((slot) => slot.projection);
  }

  /** Takes every free lease and starts those projections; keeps looking for free ones. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => {
      this.ticking ??= this.tick().finally(() => {
        this.ticking = null;
      });
    }, this.settings.leaseCheckMs);
    this.timer.unref();
  }

  /** Finishes each batch in hand, commits its checkpoint, and releases the leases. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    // A build under way ends its unit at the next event and stops before the next page; its
    // checkpoint stays, and the next process to take the lease resumes from it.
    for (const slot of this.slots.values()) await slot.rebuildProcessor?.stop();
    await Promise.allSettled([...this.builds, ...[...this.slots.values()].map((s) => s.rebuild)]);
    await Promise.all([...this.slots.values()].map((slot) => slot.live?.stop()));
    await Promise.all([...this.reactorSlots.values()].map((slot) => slot.processor?.stop()));
    await this.checkpoints.flush();
    await this.tail.stop();
    this.dropping.abort();
    await Promise.allSettled([...this.drops]);
    for (const slot of this.slots.values()) {
      if (slot.lease) {
        await this.readStore.leases.release(slot.lease).catch(() => undefined);
        this.observer.leaseChanged?.(slot.projection.name, 'released');
      }
      slot.lease = null;
      slot.live = null;
    }
    for (const slot of this.reactorSlots.values()) {
      if (slot.lease) await this.readStore.leases.release(slot.lease).catch(() => undefined);
      slot.lease = null;
      slot.processor = null;
    }
  }

  /** Names of the reactors this process runs now. */
  heldReactors(): string[] {
    return [...this.reactorSlots.values()].filter((s) => s.lease).map((s) => s.reactor.name);
  }

  reactorOf(name: string): ReactorProcessor | null {
    return this.reactorSlots.get(name)?.processor ?? null;
  }

  /** Names of the projections this process runs now. */
  held(): string[] {
    return [...this.slots.values()].filter((s) => s.lease).map((s) => s.projection.name);
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
    const slots = names.map((name) => {
      const slot = this.slots.get(name);
      if (!slot) throw notFound('Unknown projection', `There is no projection ${name}.`);
      if (!slot.lease) {
        throw conflict(
          'Runs elsewhere',
          `Projection ${name} runs in another process: rebuild it there.`,
        );
      }
      if (slot.rebuild)
        throw conflict('Already rebuilding', `Projection ${name} is already rebuilding.`);
      return slot;
    });
    const generations = await Promise.all(
      slots.map(async (slot) => ((await this.stateOf(slot.projection.name))?.generation ?? 0) + 1),
    );
    const work = this.rebuildTogether(
      slots.map((slot, i) => ({ slot, generation: generations[i]!, resume: null })),
    );
    for (const [i, slot] of slots.entries()) slot.rebuild = reportOf(work, i);
    try {
      return await work;
    } finally {
      for (const slot of slots) {
        slot.rebuild = null;
        slot.rebuildProcessor = null;
      }
    }
  }

  /** Rebuilds other processes asked for: those taken in one lease check from one read of the log. */
  private async takeRequests() {
    const requests = await this.readStore.collection<RequestDoc>(REQUESTS).find({});
    const taken = requests
      .map((request) => request._id)
      .filter((name) => {
        const slot = this.slots.get(name);
        return slot?.lease && !slot.rebuild;
      });
    if (taken.length === 0) return;
    await this.readStore.transaction(async (tx) => {
      await tx.collection(REQUESTS).deleteMany({ _id: { $in: taken } });
    });
    this.inBackground(this.rebuildMany(taken), 'requested rebuild failed', { projections: taken });
  }

  isRebuilding(name: string): boolean {
    return Boolean(this.slots.get(name)?.rebuild);
  }

  /**
   * Where a rebuild has reached. Projections built together read the same pages, so they
   * share one position, the furthest behind's: a status counts what is left once for them all.
   */
  rebuildProgress(name: string): bigint | null {
    const processor = this.slots.get(name)?.rebuildProcessor;
    if (!processor) return null;
    let reached: bigint | null = processor.checkpoint;
    for (const other of this.buildGroups.get(processor) ?? []) {
      if (other.checkpoint === null) return null;
      if (reached === null || other.checkpoint < reached) reached = other.checkpoint;
    }
    return reached;
  }

  private async stateOf(id: string): Promise<StateDoc | null> {
    return this.readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: id });
  }

  /**
   * A build or rebuild started by a lease check: `stop()` waits for it; its failure is logged,
   * unless the stop caused it (then `stopped`, if given, is said at info).
   */
  private inBackground(
    work: Promise<unknown>,
    failed: string,
    fields: Record<string, unknown>,
    stopped?: string,
  ) {
    const build = work.then(
      () => undefined,
      (error: unknown) => {
        if (!this.stoppedBy(error)) this.logger.error({ err: error, ...fields }, failed);
        else if (stopped) this.logger.info(fields, stopped);
      },
    );
    this.builds.add(build);
    void build.finally(() => this.builds.delete(build));
  }

  /** The failure is the stop's doing (or came after it): nothing to report. */
  private stoppedBy(error: unknown): boolean {
    return error instanceof EngineStopped || this.stopped;
  }

  /** Renews what this process holds; takes what is free. Answers the new lease, or null. */
  private async checkLease(
    name: string,
    held: Lease | null,
    onLost: () => Promise<void>,
  ): Promise<Lease | null> {
    try {
      if (held) {
        const renewed = await this.readStore.leases.renew(held, this.settings.leaseTtlMs);
        if (!renewed) await onLost();
        return renewed;
      }
      const lease = await this.readStore.leases.acquire(name, this.owner, this.settings.leaseTtlMs);
      if (lease) this.observer.leaseChanged?.(name, 'taken');
      return lease;
    } catch (error) {
      this.logger.error({ err: error, projection: name }, 'lease check failed');
      return held;
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const taken: Slot[] = [];
    for (const slot of this.slots.values()) {
      const had = slot.lease;
      const lease = await this.checkLease(slot.projection.name, had, () => this.lose(slot));
      if (had && lease) slot.lease = lease;
      else if (!had && lease) {
        slot.lease = lease;
        taken.push(slot);
      }
    }
    const takenReactors: ReactorSlot[] = [];
    for (const slot of this.reactorSlots.values()) {
      const had = slot.lease;
      const lease = await this.checkLease(slot.reactor.name, had, () => this.loseReactor(slot));
      if (had && lease) slot.lease = lease;
      else if (!had && lease) {
        slot.lease = lease;
        takenReactors.push(slot);
      }
    }
    await this.recordTailError();
    await this.takeRequests().catch((error) =>
      this.logger.error({ err: error }, 'could not read rebuild requests'),
    );
    if ((taken.length === 0 && takenReactors.length === 0) || this.stopped) return;
    const states = await Promise.all(taken.map((slot) => this.stateOf(slot.projection.name)));
    const reactorStarts = await Promise.all(takenReactors.map((slot) => this.reactorStart(slot)));
    if (!this.tail.running) {
      // The one subscription starts at the log's head: consumers behind it catch up by pages
      // of their own (shared between them) and attach once it covers them. Started where the
      // furthest-behind stood, it read and opened the whole gap a second time while nobody
      // was attached, in one stretch of microtasks that held the event loop (42 s on a loaded
      // machine, over 200,000 events).
      this.tail.start(await this.events.headPosition());
    }
    for (const [i, slot] of takenReactors.entries()) this.startReactor(slot, reactorStarts[i]!);
    if (taken.length === 0) return;
    await this.sweepGenerations(taken, states).catch((error) =>
      this.logger.warn({ err: error }, 'could not look for old generations'),
    );
    const building = await this.firstBuilds(taken.filter((_, i) => !states[i]));
    for (const [i, slot] of taken.entries()) {
      if (!building.includes(slot)) await this.run(slot, states[i] ?? null);
    }
    if (building.length > 0) {
      this.inBackground(
        this.firstBuild(building),
        'first build failed: the projections start again',
        {},
        'first build stopped: the next start resumes it',
      );
    }
  }

  /**
   * Where a reactor just taken starts: its checkpoint, or, the first time it runs anywhere,
   * the log's head (recorded at once), so it never asks for history's commands again.
   */
  private async reactorStart(slot: ReactorSlot): Promise<bigint | null> {
    const state = await this.stateOf(slot.reactor.name);
    if (state) return state.checkpoint ? BigInt(state.checkpoint) : null;
    const head = await this.events.headPosition();
    const lease = slot.lease!;
    await this.readStore.transaction(async (tx) => {
      tx.fence(lease);
      await tx.collection<StateDoc>(STATE_COLLECTION).upsertOne(reactorState(slot.reactor, head));
    });
    this.logger.info(
      { reactor: slot.reactor.name, head: head?.toString() ?? null },
      'reactor deployed: it starts at the head of the log',
    );
    return head;
  }

  private startReactor(slot: ReactorSlot, checkpoint: bigint | null) {
    const runtime = this.reactorRuntime!;
    const processor = new ReactorProcessor({
      reactor: slot.reactor,
      checkpoint,
      events: this.catchUpReads,
      readStore: this.readStore,
      readModels: runtime.readModels,
      logger: this.logger,
      tail: this.tail,
      lease: () => slot.lease,
      batchSize: this.settings.batchSize,
      catchUpBatchSize: this.settings.catchUpBatchSize,
      readWaitMs: this.settings.reactorReadWaitMs,
      dispatch: runtime.dispatch,
      checkpoints: this.checkpoints,
      observer: this.observer,
      onLeaseLost: () => void this.loseReactor(slot),
    });
    slot.processor = processor;
    processor.start();
  }

  private async loseReactor(slot: ReactorSlot) {
    this.logger.warn({ reactor: slot.reactor.name }, 'reactor lease lost');
    if (slot.lease) this.observer.leaseChanged?.(slot.reactor.name, 'lost');
    slot.lease = null;
    const processor = slot.processor;
    slot.processor = null;
    await processor?.stop();
  }

  /** Of the never-built projections just taken, those a long log builds through the rebuild path. */
  private async firstBuilds(unbuilt: Slot[]): Promise<Slot[]> {
    if (unbuilt.length === 0) return [];
    const from = this.settings.firstBuildFrom;
    return (await this.events.countEventsAfter(null, from)) >= from ? unbuilt : [];
  }

  /**
   * Builds projections that never ran from one read of the log, into generation 1, then starts
   * them live where the build ended (a build cut short resumes from its own checkpoint).
   */
  private async firstBuild(slots: Slot[]): Promise<void> {
    const jobs = await Promise.all(
      slots.map(async (slot) => {
        const pending = await this.stateOf(`${slot.projection.name}#rebuild`);
        const resume =
          pending?.version === slot.projection.version && pending.generation === 1 ? pending : null;
        return { slot, generation: 1, resume };
      }),
    );
    this.logger.info(
      { projections: slots.map((slot) => slot.projection.name) },
      'first build of a long log: one read of the log for all of them',
    );
    const work = this.rebuildTogether(jobs);
    for (const [i, slot] of slots.entries()) slot.rebuild = reportOf(work, i);
    try {
      await work;
    } catch (error) {
      // Whatever else stopped it (a lost lease, a failure): the lease goes, and whoever takes
      // it next resumes the build from its checkpoint. A stop releases the lease itself.
      if (!this.stoppedBy(error)) for (const slot of slots) await this.lose(slot);
      throw error;
    } finally {
      for (const slot of slots) {
        slot.rebuild = null;
        slot.rebuildProcessor = null;
      }
    }
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
    if (slot.lease) this.observer.leaseChanged?.(slot.projection.name, 'lost');
    slot.lease = null;
    const live = slot.live;
    const rebuilding = slot.rebuildProcessor;
    slot.live = null;
    await Promise.all([live?.stop(), rebuilding?.stop()]);
  }

  /** Starts a projection whose lease this process just took. */
  private async run(slot: Slot, state: StateDoc | null): Promise<void> {
    const { projection } = slot;
    if (state && state.version !== projection.version) {
      this.logger.info(
        { projection: projection.name, from: state.version, to: projection.version },
        'projection version changed: rebuilding it from the first event',
      );
      const pending = await this.stateOf(`${projection.name}#rebuild`);
      const resume =
        pending?.version === projection.version && pending.generation === state.generation + 1
          ? pending
          : null;
      this.inBackground(this.startRebuild(slot, state.generation + 1, resume), 'rebuild failed', {
        projection: projection.name,
      });
      return;
    }
    this.startLive(
      slot,
      state?.generation ?? 1,
      state?.checkpoint ? BigInt(state.checkpoint) : null,
    );
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
    return new Processor({
      projection: slot.projection,
      generation,
      checkpoint,
      stateId,
      events: live ? this.catchUpReads : this.events,
      readStore: this.readStore,
      logger: this.logger,
      tail: live ? this.tail : null,
      lease: () => slot.lease,
      batchSize: this.settings.batchSize,
      catchUpBatchSize: this.settings.catchUpBatchSize,
      maxBatchMs: live ? this.settings.maxBatchMs : this.settings.rebuildUnitMs,
      catchUpUnitMs: live ? this.settings.catchUpUnitMs : this.settings.rebuildUnitMs,
      announce: live,
      checkpoints: live ? this.checkpoints : null,
      observer: this.observer,
      onLeaseLost: () => void this.lose(slot),
    });
  }

  private startRebuild(slot: Slot, generation: number, resume: StateDoc | null) {
    const work = this.rebuildTogether([{ slot, generation, resume }]).then(([report]) => report!);
    slot.rebuild = work;
    return work.finally(() => {
      slot.rebuild = null;
      slot.rebuildProcessor = null;
    });
  }

  /** Pages of the log from the furthest-behind processor's checkpoint to the head, each handed to every processor. */
  private async feed(processors: readonly Processor[]): Promise<number> {
    let after: bigint | null = processors[0]?.checkpoint ?? null;
    for (const processor of processors) {
      if (processor.checkpoint === null) after = null;
      else if (after !== null && processor.checkpoint < after) after = processor.checkpoint;
    }
    let events = 0;
    for (;;) {
      if (this.stopped) throw new EngineStopped();
      const page = await this.events.readAll({
        ...(after === null ? {} : { after }),
        maxCount: this.settings.rebuildPageSize,
      });
      if (page.length === 0) break;
      for (const processor of processors) {
        await processor.applyAll(page);
        if (this.stopped) throw new EngineStopped();
        // Stopped on its own: its lease was lost, so the build cannot be swapped in.
        if (processor.halted) {
          throw conflict(
            'Lease lost',
            `Projection ${processor.projection.name} moved to another process.`,
          );
        }
      }
      events += page.length;
      after = page[page.length - 1]!.position;
    }
    return events;
  }

  private async rebuildTogether(
    jobs: readonly { slot: Slot; generation: number; resume: StateDoc | null }[],
  ): Promise<RebuildReport[]> {
    const started = performance.now();
    const processors: Processor[] = [];
    for (const { slot, generation, resume } of jobs) {
      if (!resume) await this.dropGeneration(slot.projection, generation);
      // Built over the full tables at the end, unless a handler's query needs one before.
      await ensureProjectionIndexes(this.readStore, slot.projection, generation, {
        whenQueried: true,
      });
      const processor = this.processor(
        slot,
        generation,
        resume?.checkpoint ? BigInt(resume.checkpoint) : null,
        `${slot.projection.name}#rebuild`,
        false,
      );
      slot.rebuildProcessor = processor;
      processors.push(processor);
      this.buildGroups.set(processor, processors);
    }
    let events = await this.feed(processors);
    for (const { slot, generation } of jobs) {
      await ensureProjectionIndexes(this.readStore, slot.projection, generation);
    }
    // The live loops pause only for the last few events, then the new generations take over.
    const previous = jobs.map(({ slot }) => slot.live);
    for (const { slot } of jobs) slot.live = null;
    await Promise.all(previous.map((live) => live?.stop()));
    events += await this.feed(processors);
    const reports: RebuildReport[] = [];
    for (const [i, { slot, generation }] of jobs.entries()) {
      const rebuilt = processors[i]!;
      const { projection } = slot;
      const lease = slot.lease;
      if (!lease) {
        throw conflict('Lease lost', `Projection ${projection.name} moved to another process.`);
      }
      const old = (await this.stateOf(projection.name))?.generation ?? null;
      await this.readStore.transaction(async (tx) => {
        tx.fence(lease);
        const states = tx.collection<StateDoc>(STATE_COLLECTION);
        await states.upsertOne({
          _id: projection.name,
          generation,
          checkpoint: rebuilt.checkpoint === null ? null : String(rebuilt.checkpoint),
          version: projection.version,
          updatedAt: new Date().toISOString(),
        });
        await states.deleteOne({ _id: `${projection.name}#rebuild` });
        tx.notify({
          projection: projection.name,
          generation,
          position: String(rebuilt.checkpoint ?? 0n),
          topics: [],
        });
      });
      if (!this.stopped && slot.lease) await this.startLive(slot, generation, rebuilt.checkpoint);
      if (old !== null && old !== generation) this.dropLater(projection, old);
      reports.push({
        name: projection.name,
        events,
        seconds: (performance.now() - started) / 1000,
        generation,
      });
    }
    this.logger.info({ projections: reports.map((r) => r.name), events }, 'projections rebuilt');
    return reports;
  }

  /**
   * Generations of the projections just taken that nothing reads or builds: left behind by a
   * process that stopped or died before it dropped the generation its rebuild replaced, or
   * in the middle of a rebuild that starts afresh. They go as a replaced generation does.
   */
  private async sweepGenerations(taken: readonly Slot[], states: readonly (StateDoc | null)[]) {
    const existing = await this.readStore.listCollections();
    for (const [i, { projection }] of taken.entries()) {
      const current = states[i]?.generation ?? 1;
      // A changed version rebuilds into the next generation, resuming what is already there.
      const keep =
        states[i] && states[i].version !== projection.version ? [current, current + 1] : [current];
      const stale = new Set<number>();
      for (const logical of collectionNames(projection)) {
        for (const name of existing) {
          const suffix = name.startsWith(`${logical}_g`) ? name.slice(logical.length + 2) : '';
          if (/^\d+$/.test(suffix) && !keep.includes(Number(suffix))) stale.add(Number(suffix));
        }
      }
      for (const generation of stale) this.dropLater(projection, generation);
    }
  }

  /** The old generation goes once reads already under way on it have finished. */
  private dropLater(projection: Projection, generation: number) {
    const drop = sleep(this.settings.dropDelayMs, this.dropping.signal).then(async () => {
      if (this.dropping.signal.aborted || (await this.inUse(projection, generation))) return;
      await this.dropGeneration(projection, generation);
    });
    this.drops.add(drop);
    void drop
      .catch((error) => this.logger.warn({ err: error }, 'could not drop an old generation'))
      .finally(() => this.drops.delete(drop));
  }

  /**
   * Whether a generation must stay: it serves reads or is being built again (a rebuild since
   * the drop was planned), or this process no longer holds the projection, so it cannot know
   * what the holder builds (the holder looks for old generations itself when it takes it).
   */
  private async inUse(projection: Projection, generation: number): Promise<boolean> {
    const slot = this.slots.get(projection.name);
    if (!slot?.lease) return true;
    if (slot?.live?.generation === generation) return true;
    if (slot?.rebuildProcessor?.generation === generation) return true;
    return (await this.stateOf(projection.name))?.generation === generation;
  }

  private async dropGeneration(projection: Projection, generation: number) {
    for (const logical of collectionNames(projection)) {
      await this.readStore.dropCollection(physicalName(logical, generation));
    }
  }
}
