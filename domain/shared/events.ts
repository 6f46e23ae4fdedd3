import type { z } from 'zod';

/** An event as a decider produces it: a past-tense fact with its data. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
};

/** An event as the store hands it back: with its place in the stream and in the log. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  id: string;
  streamId: string;
  /** 0 for the first event of a stream. */
  revision: bigint;
  /** Position in the whole log; strictly increasing. */
  position: bigint;
  metadata: EventMetadata;
  createdAt: Date;
};

export type EventMetadata = {
  /** Schema version of the event's data. */
  v: number;
  correlationId?: string;
  causationId?: string;
  /**
   * For the events of a command sent under an idempotency key: a fingerprint of the request
   * (derived from the key and the body), so a repeat with another body is told apart.
   */
  request?: string;
};

/** Where a stream must stand for an append to be accepted. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export type EventToAppend = {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

export type AppendResult = {
  /** Revision of the last event written (the stream's new revision). */
  nextRevision: bigint;
  /** Log position of the last event written. */
  position: bigint;
};

export type ReadStreamOptions = {
  /** Only the events from this revision on (a reader that folded the earlier ones already). */
  fromRevision?: bigint;
  /**
   * False: personal fields stay sealed as the log keeps them, for a reader that never looks
   * at them (opening each costs a key lookup and a decryption).
   */
  openPersonalFields?: boolean;
};

/**
 * The slice of an event store a command handler needs. Declared here so the
 * domain stays free of infrastructure; infra's adapters satisfy it.
 */
export type StreamAccess = {
  /** The stream's events in order ([] if it does not exist). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  appendToStream(
    streamId: string,
    events: EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;
};

/**
 * Which fields of an event hold personal data, and whose key seals them. The event store's
 * sealing decorator encrypts those fields on append and opens them on read, so the log never
 * holds them in the clear; once the person's key is destroyed they read as null. Sealed
 * fields are therefore nullable in the schema: a reader meets null for erased data.
 */
export type Sealing<Data> = {
  /**
   * The person whose key seals the fields (a key-vault subject); null when the text is no
   * erasable person's (an admin's own idea on the board): those fields are written as they are.
   */
  subject: (data: Data) => string | null;
  fields: readonly (keyof Data & string)[];
};

/** One event type's schema, by version, with upcasters to the newest version. */
export type EventDefinition<Type extends string, Schema extends z.ZodType> = {
  type: Type;
  version: number;
  schema: Schema;
  /** Upcasters from older versions: version → function to the next version. */
  upcasters?: Record<number, (data: unknown) => unknown>;
  /** Personal fields sealed with a person's key at the event-store boundary. */
  sealed?: Sealing<z.infer<Schema>>;
};

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
) => definition;
