import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../infra/event-store/event-store';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import { collectionNames } from '../../projections/engine/define';
import { StoreReadModels } from '../../projections/engine/read-models';
import { projectionStatus } from '../../projections/engine/status';
import { buildReadModels } from './replay';

export type ReadModelDigest = Record<string, { documents: number; digest: string }>;

/**
 * A document as text with its keys in one order at every depth: PostgreSQL's `jsonb` keeps
 * keys in an order of its own, so two engines' equal documents are compared as values.
 */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );

/** Each history-made read-model collection's document count and a digest of its documents, by id. */
export const digestReadModels = async (readStore: ReadStore): Promise<ReadModelDigest> => {
  const models = new StoreReadModels(readStore, allProjections);
  await models.start();
  const out: ReadModelDigest = {};
  try {
    for (const projection of allProjections) {
      for (const name of collectionNames(projection)) {
        const docs = await models.collection(name).find({}, { sort: { _id: 1 } });
        out[name] = {
          documents: docs.length,
          digest: createHash('sha256').update(canonicalJson(docs)).digest('hex'),
        };
      }
    }
  } finally {
    models.stop();
  }
  return out;
};

/** Collections whose counts or contents differ between two digests. */
export const readModelDifferences = (a: ReadModelDigest, b: ReadModelDigest) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]))
    .sort();

export type Verification =
  | { outcome: 'equal'; collections: number }
  | { outcome: 'different'; collections: string[] }
  /** The source's read models do not stand for its whole log: nothing to compare with yet. */
  | { outcome: 'not-comparable'; reason: string };

/**
 * Compares the source's read models with those built from the copy, once the source's stand
 * for its whole log: a folder restored from a backup and never started has none yet, and a
 * source whose projections lag behind its log would differ for that alone.
 */
export const verifyReadModels = async (
  source: { events: EventStore; readStore: ReadStore },
  destination: ReadStore,
): Promise<Verification> => {
  const statuses = await projectionStatus(source.events, source.readStore, allProjections, null);
  const unbuilt = statuses.filter((s) => s.head !== null && s.checkpoint === null);
  if (unbuilt.length > 0) {
    return {
      outcome: 'not-comparable',
      reason:
        `the source's read models were never built (${unbuilt.length} of ${statuses.length} ` +
        'projections): start Boon once on the source folder, let it catch up, then verify again',
    };
  }
  const behind = statuses.filter((s) => s.lagEvents > 0);
  if (behind.length > 0) {
    return {
      outcome: 'not-comparable',
      reason: `the source's read models are behind its log (${behind
        .map((s) => `${s.name} by ${s.lagEvents}`)
        .join(', ')}): let Boon catch up on the source folder, then verify again`,
    };
  }
  const [a, b] = [await digestReadModels(source.readStore), await digestReadModels(destination)];
  const differ = readModelDifferences(a, b);
  return differ.length === 0
    ? { outcome: 'equal', collections: Object.keys(a).length }
    : { outcome: 'different', collections: differ };
};

/**
 * Where the copy's positions are not the source's (another engine numbers its log its own way,
 * and read models keep positions: ids, order keys), the destination's read models are compared
 * with the embedded engine's build of the same copied log, in a scratch folder: the copy itself
 * is checked by the log's digest, the destination's read store by this.
 */
export const verifyAgainstEmbeddedBuild = async (destination: {
  events: EventStore;
  readStore: ReadStore;
}): Promise<Verification> => {
  const scratch = mkdtempSync(join(tmpdir(), 'boon-verify-'));
  const db = openSqlite(join(scratch, 'read-models.sqlite'), 'NORMAL');
  const embedded = openEmbeddedReadStore(db);
  try {
    await buildReadModels(destination.events, embedded);
    const [a, b] = [
      await digestReadModels(embedded),
      await digestReadModels(destination.readStore),
    ];
    const differ = readModelDifferences(a, b);
    return differ.length === 0
      ? { outcome: 'equal', collections: Object.keys(a).length }
      : { outcome: 'different', collections: differ };
  } finally {
    await embedded.close();
    db.close();
    rmSync(scratch, { recursive: true, force: true });
  }
};
