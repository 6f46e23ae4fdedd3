import type { Logger } from '../../infra/logger';
import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { ProjectionObserver } from './processor';

export type LeaseKeeperOptions = {
  /** Names this process in the leases. */
  owner: string;
  ttlMs: number;
  /** How often held leases are renewed and free ones sought. */
  checkMs: number;
  logger: Logger;
  observer: ProjectionObserver;
};

/** What runs under the leases: told of each lease lost, and of those each check took. */
export type LeaseHolder = {
  /** Another process holds the lease now: whatever ran under it stops. */
  lost(name: string): Promise<void>;
  /** After every check; `taken` names the leases it just took, whose work is to start. */
  checked(taken: readonly string[]): Promise<void>;
};

/**
 * The leases of every projection and reactor of a process, kept in one loop: each check
 * renews those held and takes those free (expired, or released by a process that stopped),
 * so exactly one process runs each. The read store's fencing makes a commit under a lease
 * that changed holder fail, whatever this loop believes.
 */
export class LeaseKeeper {
  private readonly leases = new Map<string, Lease | null>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private halted = false;
  private taking = true;

  constructor(
    private readonly readStore: ReadStore,
    names: Iterable<string>,
    private readonly options: LeaseKeeperOptions,
  ) {
    for (const name of names) this.leases.set(name, null);
  }

  get owner(): string {
    return this.options.owner;
  }

  lease(name: string): Lease | null {
    return this.leases.get(name) ?? null;
  }

  /** Of `names`, those this process holds now. */
  held(names: Iterable<string>): string[] {
    return [...names].filter((name) => this.lease(name) !== null);
  }

  /** Checks once at once, then every `checkMs`; one check at a time. */
  async start(holder: LeaseHolder): Promise<void> {
    await this.check(holder);
    this.timer = setInterval(() => {
      this.checking ??= this.check(holder).finally(() => {
        this.checking = null;
      });
    }, this.options.checkMs);
    this.timer.unref();
  }

  /** From now on checks only renew what is held: a process stopping takes nothing new. */
  stopTaking(): void {
    this.taking = false;
  }

  /** No further checks, once the one under way ends; what is held stays held until released. */
  async halt(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
  }

  /**
   * A commit under this lease was refused: another process holds it now. The next check
   * asks for it again, and takes it if that process let it go.
   */
  forget(name: string): void {
    if (this.lease(name)) this.options.observer.leaseChanged?.(name, 'lost');
    this.leases.set(name, null);
  }

  /** Gives up every lease held, so other processes take them at their next check. */
  async releaseAll(): Promise<void> {
    for (const [name, lease] of this.leases) {
      if (!lease) continue;
      await this.readStore.leases.release(lease).catch(() => undefined);
      this.options.observer.leaseChanged?.(name, 'released');
      this.leases.set(name, null);
    }
  }

  private async check(holder: LeaseHolder): Promise<void> {
    if (this.halted) return;
    const taken: string[] = [];
    for (const [name, held] of this.leases) {
      const lease = await this.checkOne(name, held, holder);
      // A lease lost meanwhile (a refused commit) stays forgotten until the next check.
      if (held && lease && this.leases.get(name) === held) this.leases.set(name, lease);
      else if (!held && lease) {
        this.leases.set(name, lease);
        taken.push(name);
      }
    }
    await holder.checked(taken);
  }

  /** Renews what this process holds; takes what is free. Answers the new lease, or null. */
  private async checkOne(
    name: string,
    held: Lease | null,
    holder: LeaseHolder,
  ): Promise<Lease | null> {
    const { ttlMs, owner, logger, observer } = this.options;
    try {
      if (held) {
        const renewed = await this.readStore.leases.renew(held, ttlMs);
        if (!renewed) {
          this.forget(name);
          await holder.lost(name);
        }
        return renewed;
      }
      if (!this.taking) return null;
      const lease = await this.readStore.leases.acquire(name, owner, ttlMs);
      if (lease) observer.leaseChanged?.(name, 'taken');
      return lease;
    } catch (error) {
      logger.error({ err: error, projection: name }, 'lease check failed');
      return held;
    }
  }
}
