import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import { CheckpointBatcher } from './checkpoints';
import type { Projection } from './define';
import { drainToHead } from './drain';
import {
  checkNames,
  engineSettings,
  type EngineOptions,
  type EngineSettings,
} from './engine-options';
import { GenerationJanitor } from './generation-janitor';
import { LeaseKeeper } from './lease-keeper';
import { LogTail } from './log-tail';
import type { Processor } from './processor';
import { ProjectionRunner } from './projection-runner';
import type { ReactorProcessor } from './reactor-processor';
import { ReactorRunner } from './reactor-runner';
import { Rebuilder, type RebuildReport } from './rebuilder';
import { sharedPages } from './shared-pages';
import { STATE_COLLECTION, type StateDoc } from './state';
import { forgetStaleBuilds, generationsKept, readTakeovers, type Takeover } from './takeover';

export type { EngineOptions } from './engine-options';

/**
 * Runs projections and reactors in this process: each under its lease (so exactly one
 * process runs it), fed from the process's one subscription; builds a projection's new
 * generation when asked, when its version changed, or when it never ran on a long log; and,
 * on a clean stop, runs them on to the log's head and gives the leases up.
 */
export class ProjectionEngine {
  readonly owner: string;
  private readonly byName: ReadonlyMap<string, Projection>;
  private readonly reactorNames: readonly string[];
  private readonly settings: EngineSettings;
  private readonly leases: LeaseKeeper;
  private readonly live: ProjectionRunner;
  private readonly reactors: ReactorRunner | null;
  private readonly rebuilder: Rebuilder;
  private readonly janitor: GenerationJanitor;
  /** The process's one subscription to the log. */
  private readonly tail: LogTail;
  private readonly checkpoints: CheckpointBatcher;
  private stopped = false;
  private recordedTailError: string | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly logger: Logger,
    options: EngineOptions = {},
  ) {
    const reactors = options.reactors ?? [];
    checkNames(projections, reactors);
    if (reactors.length > 0 && (!options.readModels || !options.dispatch)) {
      throw new Error(
        'Reactors need the read models they read and a dispatcher for their commands',
      );
    }
    this.owner = options.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.byName = new Map(projections.map((p) => [p.name, p]));
    this.reactorNames = reactors.map((reactor) => reactor.name);
    const settings = (this.settings = engineSettings(options));
    const observer = options.observer ?? {};
    this.tail = new LogTail(events, logger, settings.tailCapacity);
    // Processors catching up on their own share the pages they read.
    const catchUpReads = sharedPages(events);
    this.checkpoints = new CheckpointBatcher(readStore, logger);
    this.leases = new LeaseKeeper(readStore, [...this.byName.keys(), ...this.reactorNames], {
      owner: this.owner,
      ttlMs: settings.leaseTtlMs,
      checkMs: settings.leaseCheckMs,
      logger,
      observer,
    });
    const shared = {
      readStore,
      logger,
      tail: this.tail,
      leases: this.leases,
      checkpoints: this.checkpoints,
      observer,
      batchSize: settings.batchSize,
      catchUpBatchSize: settings.catchUpBatchSize,
    };
    this.live = new ProjectionRunner({
      ...shared,
      events,
      catchUpReads,
      maxBatchMs: settings.maxBatchMs,
      catchUpUnitMs: settings.catchUpUnitMs,
      rebuildUnitMs: settings.rebuildUnitMs,
      onLeaseLost: (name) => {
        this.leases.forget(name);
        void this.lose(name);
      },
    });
    this.reactors =
      options.readModels && options.dispatch && reactors.length > 0
        ? new ReactorRunner(new Map(reactors.map((r) => [r.name, r])), {
            ...shared,
            events: catchUpReads,
            readModels: options.readModels,
            dispatch: options.dispatch,
            readWaitMs: settings.reactorReadWaitMs,
            attempts: settings.reactionAttempts,
          })
        : null;
    this.janitor = new GenerationJanitor(readStore, logger, settings.dropDelayMs, (p, g) =>
      this.inUse(p, g),
    );
    this.rebuilder = new Rebuilder({
      events,
      readStore,
      projections: this.byName,
      janitor: this.janitor,
      logger,
      pageSize: settings.rebuildPageSize,
      concurrentUnits: settings.rebuildConcurrency || (readStore.engine === 'postgres' ? 4 : 1),
      host: {
        lease: (name) => this.leases.lease(name),
        buildProcessor: (...args) => this.live.buildProcessor(...args),
        pauseLive: (name) => this.live.stopLive(name),
        goLive: async (projection, generation, checkpoint) => {
          if (!this.stopped) await this.live.startLive(projection, generation, checkpoint);
        },
      },
    });
  }

  get projections(): Projection[] {
    return [...this.byName.values()];
  }

  /** Takes every free lease and starts those projections; keeps looking for free ones. */
  async start(): Promise<void> {
    await this.leases.start({
      lost: (name) => this.lose(name),
      checked: (taken) => this.afterCheck(taken),
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
      projections: () => this.live.positions(),
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
    await this.live.stop();
    await this.reactors?.stop();
    await this.checkpoints.flush();
    await this.tail.stop();
    await this.janitor.stop();
    await this.leases.releaseAll();
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
    return this.leases.held(this.byName.keys());
  }

  processorOf(name: string): Processor | null {
    return this.live.processorOf(name);
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
      const projection = this.byName.get(name);
      if (!projection) throw notFound('Unknown projection', `There is no projection ${name}.`);
      if (!this.leases.lease(name)) {
        throw conflict(
          'Runs elsewhere',
          `Projection ${name} runs in another process: rebuild it there.`,
        );
      }
      if (this.rebuilder.isRebuilding(name))
        throw conflict('Already rebuilding', `Projection ${name} is already rebuilding.`);
      return projection;
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

  /** Another process holds the lease now: what ran under it here stops. */
  private async lose(name: string): Promise<void> {
    if (!this.byName.has(name)) return this.reactors?.lose(name);
    this.logger.warn({ projection: name }, 'projection lease lost');
    await Promise.all([this.live.stopLive(name), this.rebuilder.leaseLost(name)]);
  }

  /** After each lease check: what this process just took starts; what was asked for runs. */
  private async afterCheck(names: readonly string[]): Promise<void> {
    if (this.stopped) return;
    await this.recordTailError();
    await this.rebuilder
      .takeRequests()
      .catch((error) => this.logger.error({ err: error }, 'could not read rebuild requests'));
    this.reactors?.retryParked();
    if (names.length === 0 || this.stopped) return;
    const projections = names.flatMap((name) => this.byName.get(name) ?? []);
    const taken = await readTakeovers(
      this.readStore,
      this.events,
      projections,
      this.settings.firstBuildFrom,
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
    await forgetStaleBuilds(this.readStore, (name) => this.leases.lease(name), taken).catch(
      (error) => this.logger.warn({ err: error }, 'could not forget an abandoned build'),
    );
    for (const { projection, live, serving, checkpoint } of taken) {
      if (live) await this.live.startLive(projection, serving, checkpoint);
    }
    if (taken.some((t) => t.build)) this.build(taken);
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
            await this.lose(name);
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
    await this.live.recordError(error);
  }

  /**
   * Whether a generation must stay: it serves reads or is being built again (a rebuild since
   * the drop was planned), or this process no longer holds the projection, so it cannot know
   * what the holder builds (the holder looks for old generations itself when it takes it).
   */
  private async inUse(projection: Projection, generation: number): Promise<boolean> {
    const { name } = projection;
    if (!this.leases.lease(name)) return true;
    if (this.live.processorOf(name)?.generation === generation) return true;
    if (this.rebuilder.generationBuilding(name) === generation) return true;
    const state = await this.readStore
      .collection<StateDoc>(STATE_COLLECTION)
      .findOne({ _id: name });
    return state?.generation === generation;
  }
}
