import { setMaxListeners } from 'node:events';
import type { Logger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import { collectionNames, physicalName, type Projection } from './define';
import { sleep } from './timing';

/**
 * Whether a generation must stay: it serves reads or is being built, or this process no
 * longer holds the projection, so it cannot know what the holder builds.
 */
export type GenerationInUse = (projection: Projection, generation: number) => Promise<boolean>;

/**
 * Drops the generations of projections nothing reads or builds any more: the one a swap
 * replaced, once reads already under way on it have finished, and those a process that
 * stopped or died left behind.
 */
export class GenerationJanitor {
  private readonly stopping = new AbortController();
  private readonly drops = new Set<Promise<void>>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
    private readonly delayMs: number,
    private readonly inUse: GenerationInUse,
  ) {
    // One signal that every planned drop listens to: as many listeners as drops planned.
    setMaxListeners(0, this.stopping.signal);
  }

  /**
   * Plans to drop every generation of these projections but those kept: left behind by a
   * process that stopped or died before it dropped the generation its rebuild replaced, or
   * in the middle of a rebuild that starts afresh.
   */
  async sweep(projections: readonly { projection: Projection; keep: readonly number[] }[]) {
    const existing = await this.readStore.listCollections();
    for (const { projection, keep } of projections) {
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

  /**
   * The generation goes once reads already under way on it have finished; when the drop is
   * due it looks again, and spares a generation that serves or is being built since.
   */
  dropLater(projection: Projection, generation: number): void {
    const { signal } = this.stopping;
    const drop = sleep(this.delayMs, signal).then(async () => {
      if (signal.aborted || (await this.inUse(projection, generation))) return;
      await this.dropNow(projection, generation);
    });
    this.drops.add(drop);
    void drop
      .catch((error) => this.logger.warn({ err: error }, 'could not drop an old generation'))
      .finally(() => this.drops.delete(drop));
  }

  async dropNow(projection: Projection, generation: number): Promise<void> {
    for (const logical of collectionNames(projection)) {
      await this.readStore.dropCollection(physicalName(logical, generation));
    }
  }

  /** Resolves once every drop planned so far was made or spared. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.drops]);
  }

  /** Drops not yet due are left: whoever takes the projection next plans them again. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }
}
