import type { Observable, Subscription } from 'rxjs';
import type {
  CommitNotice,
  Doc,
  ReadCollection,
  ReadStore,
} from '../../infra/read-store/read-store';
import {
  collectionNames,
  physicalName,
  type CollectionSpecs,
  type Projection,
  type ProjectionView,
} from './define';
import { ensureProjectionIndexes } from './indexes';
import { STATE_COLLECTION, type StateDoc } from './state';

/** What the API reads through: projections' collections and how far each has come. */
export type ReadModels = {
  /** A projection's collections, read-only, in the generation that serves now. */
  of<C extends CollectionSpecs>(projection: Projection<C>): ProjectionView<C>;
  /** Resolves true once every named projection has passed `position`; false after the timeout. */
  waitFor(position: bigint, projections: readonly string[], timeoutMs: number): Promise<boolean>;
  checkpointOf(name: string): bigint | null;
  generationOf(name: string): number;
  /**
   * The generation serving is an earlier version's, frozen while this version's is built from
   * the first event (a deploy that changed the projection): waiting for it to reach a position
   * cannot help until the new generation takes over.
   */
  servesEarlierVersion(name: string): boolean;
  collection<T extends Doc = Doc>(logical: string): ReadCollection<T>;
  /** Committed projection work from every process sharing the store. */
  readonly notices: Observable<CommitNotice>;
  readonly projections: readonly Projection[];
};

/** `version` is the serving generation's, where its state document says it. */
type Known = { generation: number; checkpoint: bigint | null; version?: number };

/**
 * Follows each projection's generation and checkpoint from the store (its state documents,
 * then the notices every commit publishes), so an API process that runs no projection
 * serves reads and read-your-writes exactly like one that does.
 */
export class StoreReadModels implements ReadModels {
  private readonly known = new Map<string, Known>();
  private readonly waiters = new Set<() => void>();
  private subscription: Subscription | null = null;
  private refresher: NodeJS.Timeout | null = null;
  private readonly byName: Map<string, Projection>;

  constructor(
    private readonly readStore: ReadStore,
    readonly projections: readonly Projection[],
    private readonly refreshMs = 1_000,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  get notices() {
    return this.readStore.notices;
  }

  async start(): Promise<void> {
    this.subscription = this.readStore.notices.subscribe((notice) => {
      this.learn(notice.projection, notice.generation, BigInt(notice.position)).catch(
        () => undefined,
      );
    });
    await this.refresh();
    // Notices are the fast path; re-reading the state documents now and then covers any missed.
    this.refresher = setInterval(() => void this.refresh().catch(() => undefined), this.refreshMs);
    this.refresher.unref();
  }

  stop(): void {
    this.subscription?.unsubscribe();
    if (this.refresher) clearInterval(this.refresher);
    this.waiters.forEach((wake) => wake());
  }

  private async refresh() {
    const states = await this.readStore
      .collection<StateDoc>(STATE_COLLECTION)
      .find({ _id: { $in: [...this.byName.keys()] } });
    for (const state of states) {
      await this.learn(
        state._id,
        state.generation,
        state.checkpoint ? BigInt(state.checkpoint) : null,
        state.version,
        'state',
      );
    }
    for (const projection of this.projections) {
      if (!this.known.has(projection.name)) await this.learn(projection.name, 1, null);
    }
  }

  private async learn(
    name: string,
    generation: number,
    checkpoint: bigint | null,
    version?: number,
    from: 'notice' | 'state' = 'notice',
  ) {
    const projection = this.byName.get(name);
    if (!projection) return;
    const known = this.known.get(name);
    if (!known || generation > known.generation) {
      // A generation first heard of: its indexes first, for the readers who turn to it.
      await ensureProjectionIndexes(this.readStore, projection, generation);
    }
    // Looked up again after that wait: a later notice of the same generation may have been
    // learnt meanwhile, and its checkpoint is not to be put back.
    const latest = this.known.get(name);
    if (from === 'state' && checkpoint !== null && latest?.generation === generation) {
      // Learnt from the state documents ahead of the notice (read again every second): answers
      // kept since may predate it, and a reader woken by it must not be given them.
      if (latest.checkpoint === null || checkpoint > latest.checkpoint) {
        this.readStore.forgetAnswers?.(name);
      }
    }
    if (!latest || generation > latest.generation) {
      this.known.set(name, { generation, checkpoint, version });
    } else if (latest.generation === generation) {
      if (checkpoint !== null && (latest.checkpoint === null || checkpoint > latest.checkpoint)) {
        latest.checkpoint = checkpoint;
      }
      if (version !== undefined) latest.version = version;
    }
    this.waiters.forEach((check) => check());
  }

  generationOf(name: string): number {
    return this.known.get(name)?.generation ?? 1;
  }

  checkpointOf(name: string): bigint | null {
    return this.known.get(name)?.checkpoint ?? null;
  }

  servesEarlierVersion(name: string): boolean {
    const version = this.known.get(name)?.version;
    return version !== undefined && version < (this.byName.get(name)?.version ?? version);
  }

  /** A collection by its logical name (for code that does not name its projection). */
  collection<T extends Doc = Doc>(logical: string): ReadCollection<T> {
    const owner = this.projections.find((p) => logical in p.collections);
    if (!owner) throw new Error(`No projection owns collection ${logical}`);
    return this.readStore.collection<T>(physicalName(logical, this.generationOf(owner.name)), {
      announcedBy: owner.name,
    });
  }

  of<C extends CollectionSpecs>(projection: Projection<C>): ProjectionView<C> {
    const generation = this.generationOf(projection.name);
    const view: Record<string, ReadCollection<Doc>> = {};
    for (const logical of collectionNames(projection)) {
      view[logical] = this.readStore.collection(physicalName(logical, generation), {
        announcedBy: projection.name,
      });
    }
    return view as ProjectionView<C>;
  }

  waitFor(position: bigint, names: readonly string[], timeoutMs: number): Promise<boolean> {
    const reached = () =>
      names.every((name) => {
        const checkpoint = this.checkpointOf(name);
        return checkpoint !== null && checkpoint >= position;
      });
    if (reached()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const check = () => {
        if (reached()) finish(true);
      };
      const timer = setTimeout(() => finish(reached()), timeoutMs);
      this.waiters.add(check);
    });
  }
}
