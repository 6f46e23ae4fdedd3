import { conflict } from '../../domain/shared/errors';
import type { EventStore, RecordedEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Doc, Lease, ReadStore } from '../../infra/read-store/read-store';
import type { Projection } from './define';
import type { GenerationJanitor } from './generation-janitor';
import { ensureProjectionIndexes } from './indexes';
import type { Processor } from './processor';
import { buildStateId, STATE_COLLECTION, type StateDoc } from './state';

/** A rebuild or first build cut short by the engine's stop: its checkpoint stays, to resume from. */
export class EngineStopped extends Error {
  constructor() {
    super('The projection engine stopped');
    this.name = 'EngineStopped';
  }
}

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

/** A generation to build from the log: from the first event, or from where a build ended. */
export type BuildJob = { projection: Projection; generation: number; resume: StateDoc | null };

/** What a build needs of the engine that runs the projections. */
export type BuildHost = {
  lease(name: string): Lease | null;
  /** A processor that applies the pages it is handed to a generation, its state in `stateId`. */
  buildProcessor(
    projection: Projection,
    generation: number,
    checkpoint: bigint | null,
    stateId: string,
  ): Processor;
  /** The live processor stops: the build's last pages are applied with nothing else writing. */
  pauseLive(name: string): Promise<void>;
  /** The new generation serves, and follows the log from where the build ended. */
  goLive(projection: Projection, generation: number, checkpoint: bigint | null): Promise<void>;
};

export type RebuilderOptions = {
  events: EventStore;
  readStore: ReadStore;
  /** Every projection a build may be asked for, by name. */
  projections: ReadonlyMap<string, Projection>;
  janitor: GenerationJanitor;
  host: BuildHost;
  logger: Logger;
  /** Events read from the log at once (each page is handed to every projection built). */
  pageSize: number;
  /**
   * Projections applying a page at once, each in units of its own. The embedded store commits
   * one unit at a time, so 1 there; a server engine answers each statement after a round trip,
   * and units of several projections keep it (and this process) busy meanwhile.
   */
  concurrentUnits: number;
};

type Build = { report: Promise<RebuildReport>; processor: Processor | null; group: Processor[] };

/**
 * Builds generations of projections from the log while the serving generation goes on
 * (a rebuild asked for, a changed version, a first build of a long log), several from one
 * read of it, then swaps each in with its checkpoint and hands it to the live path.
 */
export class Rebuilder {
  private readonly builds = new Map<string, Build>();
  /** Builds started in the background: a stop waits for each to end. */
  private readonly background = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly options: RebuilderOptions) {}

  private get readStore() {
    return this.options.readStore;
  }

  private get host() {
    return this.options.host;
  }

  isRebuilding(name: string): boolean {
    return this.builds.has(name);
  }

  /** The generation a build under way fills, if any. */
  generationBuilding(name: string): number | null {
    return this.builds.get(name)?.processor?.generation ?? null;
  }

  /**
   * Where a build has reached. Projections built together read the same pages, so they
   * share one position, the furthest behind's: a status counts what is left once for them all.
   */
  progress(name: string): bigint | null {
    const build = this.builds.get(name);
    if (!build?.processor) return null;
    let reached: bigint | null = build.processor.checkpoint;
    for (const other of build.group) {
      if (other.checkpoint === null) return null;
      if (reached === null || other.checkpoint < reached) reached = other.checkpoint;
    }
    return reached;
  }

  /**
   * Rebuilds projections into their next generation from one read of the log; `requests`,
   * those it answers, are gone once the rebuilds are recorded.
   */
  async rebuild(
    projections: readonly Projection[],
    requests: readonly string[] = [],
  ): Promise<RebuildReport[]> {
    const generations = await Promise.all(
      projections.map(async (p) => ((await this.stateOf(p.name))?.generation ?? 0) + 1),
    );
    const jobs = projections.map((projection, i) => ({
      projection,
      generation: generations[i]!,
      resume: null,
    }));
    return this.run(jobs, requests);
  }

  /**
   * Rebuilds other processes asked for, of the projections this process holds: those found
   * at one lease check from one read of the log.
   */
  async takeRequests(): Promise<void> {
    const requests = await this.readStore.collection<RequestDoc>(REQUESTS).find({});
    const taken = requests
      .map((request) => this.options.projections.get(request._id))
      .filter((p) => p !== undefined)
      .filter((p) => this.host.lease(p.name) && !this.isRebuilding(p.name));
    if (taken.length === 0) return;
    const names = taken.map((p) => p.name);
    this.inBackground(this.rebuild(taken, names), 'requested rebuild failed', {
      projections: names,
    });
  }

  /**
   * Builds several projections from one read of the log: each page is read once and handed to
   * every projection being built, each into its generation, swapped in at the end.
   */
  run(jobs: readonly BuildJob[], requests: readonly string[] = []): Promise<RebuildReport[]> {
    const busy = jobs.find(({ projection }) => this.isRebuilding(projection.name));
    if (busy) {
      const { name } = busy.projection;
      return Promise.reject(
        conflict('Already rebuilding', `Projection ${name} is already rebuilding.`),
      );
    }
    const builds = jobs.map(() => ({ processor: null, group: [] }) as Omit<Build, 'report'>);
    const work = this.buildTogether(jobs, builds, requests);
    for (const [i, { projection }] of jobs.entries()) {
      const report = work.then((reports) => reports[i]!);
      // One projection's report: its failure is the build's, handled by whoever awaits that.
      report.catch(() => undefined);
      this.builds.set(projection.name, { ...builds[i]!, report });
    }
    return work.finally(() => {
      for (const { projection } of jobs) this.builds.delete(projection.name);
    });
  }

  /**
   * A build started by a lease check: `stop()` waits for it; its failure is logged (and
   * handed to `failed`), unless the stop caused it (then `stopped`, if given, is said at info).
   */
  inBackground(
    work: Promise<unknown>,
    failedMessage: string,
    fields: Record<string, unknown>,
    options: { stopped?: string; failed?: () => Promise<void> } = {},
  ): void {
    const build = work.then(
      () => undefined,
      async (error: unknown) => {
        if (this.stoppedBy(error)) {
          if (options.stopped) this.options.logger.info(fields, options.stopped);
          return;
        }
        this.options.logger.error({ err: error, ...fields }, failedMessage);
        await options.failed?.();
      },
    );
    this.background.add(build);
    void build.finally(() => this.background.delete(build));
  }

  /** The projection moved to another process: its build stops, and fails rather than swap. */
  async leaseLost(name: string): Promise<void> {
    await this.builds.get(name)?.processor?.stop();
  }

  /** Each build under way ends its unit at the next event and stops before the next page. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const build of this.builds.values()) await build.processor?.stop();
    await Promise.allSettled([
      ...this.background,
      ...[...this.builds.values()].map((build) => build.report),
    ]);
  }

  /** The failure is the stop's doing (or came after it): nothing to report. */
  private stoppedBy(error: unknown): boolean {
    return error instanceof EngineStopped || this.stopped;
  }

  private stateOf(id: string): Promise<StateDoc | null> {
    return this.readStore.collection<StateDoc>(STATE_COLLECTION).findOne({ _id: id });
  }

  /**
   * Records each build before anything of it is written, in one unit of work with the
   * requests it answers: a process stopped or killed from then on leaves the build to
   * whoever takes the lease next, which goes on from the build's last unit.
   */
  private async begin(jobs: readonly BuildJob[], requests: readonly string[]): Promise<void> {
    await this.readStore.transaction(async (tx) => {
      const states = tx.collection<StateDoc>(STATE_COLLECTION);
      for (const { projection, generation, resume } of jobs) {
        const lease = this.host.lease(projection.name);
        if (!lease) {
          throw conflict('Lease lost', `Projection ${projection.name} moved to another process.`);
        }
        tx.fence(lease);
        await states.upsertOne({
          _id: buildStateId(projection.name),
          generation,
          checkpoint: resume?.checkpoint ?? null,
          version: projection.version,
          updatedAt: new Date().toISOString(),
        });
      }
      if (requests.length > 0) {
        await tx.collection(REQUESTS).deleteMany({ _id: { $in: [...requests] } });
      }
    });
  }

  private async buildTogether(
    jobs: readonly BuildJob[],
    builds: Omit<Build, 'report'>[],
    requests: readonly string[],
  ): Promise<RebuildReport[]> {
    const started = performance.now();
    await this.begin(jobs, requests);
    const processors: Processor[] = [];
    for (const [i, { projection, generation, resume }] of jobs.entries()) {
      // Nothing of this build committed yet: whatever the generation holds is another's.
      if (!resume?.checkpoint) await this.options.janitor.dropNow(projection, generation);
      // Built over the full tables at the end, unless a handler's query needs one before.
      await ensureProjectionIndexes(this.readStore, projection, generation, {
        whenQueried: true,
      });
      const processor = this.host.buildProcessor(
        projection,
        generation,
        resume?.checkpoint ? BigInt(resume.checkpoint) : null,
        buildStateId(projection.name),
      );
      builds[i]!.processor = processor;
      builds[i]!.group = processors;
      processors.push(processor);
    }
    let events = await this.feed(processors);
    for (const { projection, generation } of jobs) {
      await ensureProjectionIndexes(this.readStore, projection, generation);
    }
    // The live loops pause only for the last few events, then the new generations take over.
    await Promise.all(jobs.map(({ projection }) => this.host.pauseLive(projection.name)));
    events += await this.feed(processors);
    const reports: RebuildReport[] = [];
    for (const [i, job] of jobs.entries()) {
      await this.swap(job, processors[i]!);
      reports.push({
        name: job.projection.name,
        events,
        seconds: (performance.now() - started) / 1000,
        generation: job.generation,
      });
    }
    this.options.logger.info(
      { projections: reports.map((r) => r.name), events },
      'projections rebuilt',
    );
    return reports;
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
      const page = await this.options.events.readAll({
        ...(after === null ? {} : { after }),
        maxCount: this.options.pageSize,
      });
      if (page.length === 0) break;
      await this.applyToEach(processors, page);
      events += page.length;
      after = page[page.length - 1]!.position;
    }
    return events;
  }

  /**
   * Hands a page to every processor, `concurrentUnits` of them at a time; the first failure
   * (a stop, a lost lease, a projection's error) ends the page once the others in flight end.
   */
  private async applyToEach(processors: readonly Processor[], page: readonly RecordedEvent[]) {
    const waiting = [...processors];
    let failure: unknown = null;
    const worker = async () => {
      for (let processor = waiting.shift(); processor; processor = waiting.shift()) {
        if (failure !== null) return;
        try {
          await processor.applyAll(page);
          if (this.stopped) throw new EngineStopped();
          // Stopped on its own: its lease was lost, so the build cannot be swapped in.
          if (processor.halted) {
            throw conflict(
              'Lease lost',
              `Projection ${processor.projection.name} moved to another process.`,
            );
          }
        } catch (error) {
          failure ??= error;
        }
      }
    };
    const workers = Math.max(1, Math.min(this.options.concurrentUnits, processors.length));
    await Promise.all(Array.from({ length: workers }, worker));
    if (failure !== null) throw failure;
  }

  /** The built generation serves from now on; the one it replaces goes once no read needs it. */
  private async swap({ projection, generation }: BuildJob, built: Processor): Promise<void> {
    const lease = this.host.lease(projection.name);
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
        checkpoint: built.checkpoint === null ? null : String(built.checkpoint),
        version: projection.version,
        updatedAt: new Date().toISOString(),
      });
      await states.deleteOne({ _id: buildStateId(projection.name) });
      tx.notify({
        projection: projection.name,
        generation,
        position: String(built.checkpoint ?? 0n),
        topics: [],
      });
    });
    if (!this.stopped && this.host.lease(projection.name)) {
      await this.host.goLive(projection, generation, built.checkpoint);
    }
    if (old !== null && old !== generation) this.options.janitor.dropLater(projection, old);
  }
}
