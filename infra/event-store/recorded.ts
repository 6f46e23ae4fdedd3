import { currentVersionOf, upcast } from '../../domain/event-catalog';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/events';

/** Builds the domain's view of a stored event, bringing old schema versions up to date. */
export const toRecordedEvent = (stored: {
  id: string;
  streamId: string;
  revision: bigint;
  position: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  createdAt: Date;
}): RecordedEvent => {
  const version = stored.metadata.v ?? 1;
  if (version !== currentVersionOf(stored.type)) {
    stored.data = upcast(stored.type, version, stored.data);
  }
  return stored;
};
