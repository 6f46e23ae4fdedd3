import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
  ReadStreamOptions,
  RecordedEvent,
  StreamAccess,
} from '../../domain/shared/events';

export type { AppendResult, EventToAppend, ExpectedRevision, ReadStreamOptions, RecordedEvent };

/** Where a subscription starts: before the first event, or after a position (exclusive). */
export type SubscriptionStart = 'start' | { after: bigint };

export type ReadAllOptions = {
  /** Exclusive lower bound; omit to read from the first event. */
  after?: bigint;
  maxCount: number;
};

/**
 * The event store port. Revisions start at 0 for a stream's first event;
 * positions are strictly increasing across the whole log.
 * Appends with ids already written to the same stream at the same place are idempotent.
 */
export type EventStore = StreamAccess & {
  readonly engine: 'sqlite' | 'eventstoredb' | 'postgres';
  /**
   * Appends made one after another, without waiting for each, commit in the order made (a
   * copy may keep many in flight and still keep the log's order). Absent: wait for each.
   */
  readonly appendsInOrder?: boolean;
  /** A page of the whole log in order, excluding the store's own system events. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * A catch-up subscription to the whole log: past events from `start`, then live ones.
   * Ends when `signal` aborts. Reconnects by itself when the connection drops.
   */
  subscribeToAll(start: SubscriptionStart, signal: AbortSignal): AsyncIterable<RecordedEvent>;
  /** Position of the last event in the log, or null when the log is empty. */
  headPosition(): Promise<bigint | null>;
  /** How many events follow `position` (all of them from null), counting up to `cap`. */
  countEventsAfter(position: bigint | null, cap: number): Promise<number>;
  close(): Promise<void>;
};
