import type { Observable } from 'rxjs';

/**
 * The read store port: named collections of JSON documents keyed by `_id`,
 * with MongoDB filter, update, sort and projection semantics.
 */
export type Doc = { _id: string } & Record<string, unknown>;

export type Filter = Record<string, unknown>;
export type UpdateSpec = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export type FindOptions = {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
};

/**
 * An index a query needs, declared by the projection that owns the collection. Indexed
 * fields hold scalars (no multikey indexes). The embedded store uses them for equality,
 * range and sort; MongoDB gets them created at start.
 */
export type IndexSpec = { key: SortSpec; unique?: boolean; name?: string };

/** How a query was answered: by which index (null: a scan) and how many documents it read. */
export type QueryPlan = { index: string | null; examined: number };

export type ReadCollection<T extends Doc = Doc> = {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  explain(filter: Filter, options?: FindOptions): Promise<QueryPlan>;
};

export type WriteCollection<T extends Doc = Doc> = ReadCollection<T> & {
  insertOne(doc: T): Promise<void>;
  /** Replaces the whole document with this `_id`, inserting it when missing. */
  upsertOne(doc: T): Promise<void>;
  updateOne(filter: Filter, update: UpdateSpec, options?: { upsert?: boolean }): Promise<number>;
  updateMany(filter: Filter, update: UpdateSpec): Promise<number>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
};

/**
 * What a committed unit of work tells every process: which projection moved to which log
 * position (as a string: a bigint), in which generation of its collections, and the live
 * topics whose data changed.
 */
export type CommitNotice = {
  projection: string;
  generation: number;
  position: string;
  topics: string[];
};

/** The right to run one projection, for a while. The token grows with every change of holder. */
export type Lease = { name: string; owner: string; token: number; expiresAt: number };

export type LeaseStore = {
  /** Takes the lease when it is free, expired or already ours (then renews it); else null. */
  acquire(name: string, owner: string, ttlMs: number): Promise<Lease | null>;
  /** Extends a lease still held with the same token; null when it was lost. */
  renew(lease: Lease, ttlMs: number): Promise<Lease | null>;
  /** Gives the lease up at once, so another process can take it without waiting for expiry. */
  release(lease: Lease): Promise<void>;
  list(): Promise<Lease[]>;
};

/** A unit of work whose fenced lease changed holder is refused; nothing of it is written. */
export class LeaseLostError extends Error {
  constructor(readonly lease: string) {
    super(`Lease ${lease} is held by another process: commit refused`);
    this.name = 'LeaseLostError';
  }
}

/** Writes made inside one unit of work become visible and durable together, or not at all. */
export type UnitOfWork = {
  collection<T extends Doc = Doc>(name: string): WriteCollection<T>;
  /** The commit is refused (LeaseLostError) unless this lease still has this token. */
  fence(lease: Pick<Lease, 'name' | 'token'>): void;
  /** Published to every process sharing the store once the unit of work is committed. */
  notify(notice: CommitNotice): void;
};

export type UnitOptions = {
  /**
   * The unit writes documents no other unit writes meanwhile (a build's generation, its own
   * build state): an engine may run it beside others of its kind. Ignored where units run
   * one at a time anyway.
   */
  alongside?: boolean;
  /**
   * A short unit readers wait for (checkpoints moved past events a projection ignores): an
   * engine may run it ahead of the units still waiting, once those under way end.
   */
  ahead?: boolean;
};

export type ReadStore = {
  readonly engine: 'embedded' | 'mongodb' | 'postgres';
  /**
   * `announcedBy`: a projection's collection, every change of which a unit of work announces
   * with a notice naming that projection, read by requests: an engine whose reads are round
   * trips (PostgreSQL) may answer from what it read before, until such a notice (of a unit of
   * this process or another's) says it changed.
   */
  collection<T extends Doc = Doc>(
    name: string,
    options?: { announcedBy?: string },
  ): ReadCollection<T>;
  /**
   * Runs `work` as one atomic unit: all its writes are committed together, or none
   * when it throws. Readers never see part of a unit of work.
   */
  transaction<R>(work: (tx: UnitOfWork) => Promise<R>, options?: UnitOptions): Promise<R>;
  /**
   * Creates the indexes (idempotent). `whenQueried`: for a collection about to be filled in
   * bulk (a rebuild's new generation), an engine may build each index when a query first needs
   * it, or at the next call without it, whichever comes first: an index built over a full
   * table costs far less than one kept up to date through every insert.
   */
  ensureIndexes(
    collection: string,
    indexes: readonly IndexSpec[],
    options?: { whenQueried?: boolean },
  ): Promise<void>;
  /**
   * Forgets the answers kept between requests of `projection`'s collections (where the engine
   * keeps any): a reader learnt of its change some other way than a notice (the projections'
   * states read again).
   */
  forgetAnswers?(projection: string): void;
  /** Drops a collection and all its documents. */
  dropCollection(name: string): Promise<void>;
  /** Names of existing collections. */
  listCollections(): Promise<string[]>;
  readonly leases: LeaseStore;
  /**
   * Notices of units of work committed by any process sharing this store, each emitted once
   * its writes are visible to this process's reads.
   */
  readonly notices: Observable<CommitNotice>;
  /**
   * Emits a notice to this process's subscribers (alone: nothing is committed or sent to
   * other processes) for a change already readable here: a projection that moved past events
   * it does not handle reads as it did, and its readers need not wait for the checkpoint's
   * own unit of work, which commits the same notice for everyone later.
   */
  announce(notice: CommitNotice): void;
  close(): Promise<void>;
};
