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

export type ReadCollection<T extends Doc = Doc> = {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
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

/** Writes made inside one unit of work become visible and durable together, or not at all. */
export type UnitOfWork = {
  collection<T extends Doc = Doc>(name: string): WriteCollection<T>;
};

export type ReadStore = {
  readonly engine: 'embedded' | 'mongodb';
  collection<T extends Doc = Doc>(name: string): ReadCollection<T>;
  /**
   * Runs `work` as one atomic unit: all its writes are committed together, or none
   * when it throws. Units of work run one at a time per store instance.
   */
  transaction<R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R>;
  /** Drops a collection and all its documents. */
  dropCollection(name: string): Promise<void>;
  /** Names of existing collections. */
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
};
