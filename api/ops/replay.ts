import type { EventStore, EventToAppend, RecordedEvent } from '../../infra/event-store/event-store';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import { silentLogger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import { allProjections } from '../../projections';
import { ProjectionEngine } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import { BackupError } from './embedded-backup';
import { currentMetadata, eventIdentity, readLog } from './log-digest';

/** Events appended together: consecutive events of one stream, up to this many. */
const BATCH = 200;

export type CopyProgress = { done: number; total: number };
export type CopyReport = { total: number; alreadyThere: number; copied: number };

/**
 * The destination's history must be the start of the source's (empty, or an earlier run's
 * copy): answers how much of it is there already, and the source position it ends at.
 */
const copiedSoFar = async (from: EventStore, to: EventStore) => {
  const source = readLog(from)[Symbol.asyncIterator]();
  let count = 0;
  let after: bigint | undefined;
  for await (const copied of readLog(to)) {
    const original = await source.next();
    if (original.done || eventIdentity(original.value) !== eventIdentity(copied)) {
      throw new BackupError(
        `the destination's event ${count + 1} (${copied.id}) is not the source's: ` +
          'migrate into an empty store, or the one an earlier run of this copy left',
      );
    }
    count++;
    after = original.value.position;
  }
  await source.return?.();
  return { count, after };
};

const toAppend = (event: RecordedEvent): EventToAppend => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: currentMetadata(event),
});

/**
 * Appends in flight at once. A store whose appends commit in the order made (the embedded
 * one; PostgreSQL opened with one batch at a time) queues them and commits many in one
 * transaction, so a window keeps the log's order; another gets one append at a time, each
 * acknowledged before the next.
 */
const windowFor = (to: EventStore) => (to.appendsInOrder ? 64 : 1);

/**
 * Copies the source's log into the destination in log order, each event with its id, stream
 * revision, data and metadata. Resumes after what an earlier run copied; a finished copy
 * copies nothing more. Each commit is all-or-nothing, so a kill leaves a clean prefix.
 */
export const copyLog = async (
  from: EventStore,
  to: EventStore,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyReport> => {
  const total = await from.countEventsAfter(null, Number.MAX_SAFE_INTEGER);
  const { count: alreadyThere, after } = await copiedSoFar(from, to);
  const window = windowFor(to);
  let done = alreadyThere;
  let batch: RecordedEvent[] = [];
  const inFlight: Promise<void>[] = [];
  // The first append refused stops the copy; what was sent with it settles on its own.
  let failure: { error: unknown } | null = null;
  const send = async () => {
    if (failure) throw failure.error;
    if (batch.length === 0) return;
    const events = batch;
    batch = [];
    const first = events[0]!;
    const appended = to.appendToStream(
      first.streamId,
      events.map(toAppend),
      first.revision === 0n ? 'no_stream' : first.revision - 1n,
    );
    inFlight.push(
      appended.then(
        () => {
          done += events.length;
          onProgress({ done, total });
        },
        (error: unknown) => {
          failure ??= { error };
        },
      ),
    );
    if (inFlight.length >= window) await inFlight.shift();
  };
  onProgress({ done, total });
  for await (const event of readLog(from, after)) {
    if (batch.length >= BATCH || (batch[0] && batch[0].streamId !== event.streamId)) {
      await send();
    }
    batch.push(event);
  }
  await send();
  await Promise.all(inFlight);
  if (failure) throw (failure as { error: unknown }).error;
  return { total, alreadyThere, copied: done - alreadyThere };
};

/**
 * Moves every personal key the source's vault holds into the destination's vault (unwrapped by
 * the source's key-encryption key, wrapped there by the destination's own). A subject the
 * destination has keeps its key.
 */
export const copyKeys = async (from: KeyVault, to: KeyVault): Promise<number> => {
  let taken = 0;
  let after: string | null = null;
  for (;;) {
    const subjects: string[] = await from.listSubjects(after, BATCH);
    if (subjects.length === 0) return taken;
    const keys = [];
    for (const subject of subjects) {
      const key = await from.find(subject);
      if (key) keys.push({ subject, key });
    }
    taken += await to.importKeys(keys);
    after = subjects.at(-1)!;
  }
};

/** Runs every projection over the destination's log until its read models reach the head. */
export const buildReadModels = async (
  events: EventStore,
  readStore: ReadStore,
  onWaiting: () => void = () => undefined,
) => {
  const head = (await events.headPosition()) ?? 0n;
  const names = allProjections.map((p) => p.name);
  // The copied history was reacted to where it came from (its badges and analyses are in it):
  // building read models from it asks for no command again.
  const engine = new ProjectionEngine(events, readStore, allProjections, silentLogger(), {});
  const models = new StoreReadModels(readStore, allProjections);
  await models.start();
  await engine.start();
  try {
    while (!(await models.waitFor(head, names, 1000))) onWaiting();
  } finally {
    await engine.stop();
    models.stop();
  }
};
