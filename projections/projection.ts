import type { RecordedEvent } from '../domain/shared/events';
import type { Doc, WriteCollection } from '../infra/read-store/read-store';

/** What a projection's handler may do: write its own collections and name the topics it changed. */
export type ProjectionContext = {
  collection<T extends Doc = Doc>(name: string): WriteCollection<T>;
  notify(topic: string): void;
};

export type Projection = {
  name: string;
  /** Bump when the handling changes: the runner then rebuilds the read model from the first event. */
  version: number;
  /** The collections it owns (logical names, unique across projections). */
  collections: readonly string[];
  /** The event types it reads; others only advance its checkpoint. */
  handles: readonly string[];
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
};

/** Emitted after a projection committed a batch. */
export type ChangeNotice = {
  projection: string;
  position: bigint;
  topics: string[];
};
