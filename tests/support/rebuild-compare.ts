import { openStores } from '../../api/stores';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import type { Doc } from '../../infra/read-store/read-store';
import { allProjections } from '../../projections';
import { collectionNames } from '../../projections/engine/define';
import { ProjectionEngine } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';

type Snapshot = Record<string, Doc[]>;

const snapshotOf = async (readModels: StoreReadModels): Promise<Snapshot> => {
  const out: Snapshot = {};
  for (const projection of allProjections) {
    for (const name of collectionNames(projection)) {
      out[name] = await readModels.collection(name).find({}, { sort: { _id: 1 } });
    }
  }
  return out;
};

/**
 * The read models a data folder holds, and the read models a fresh rebuild from the same
 * log makes (in memory): what a run must leave equal, whatever happened to its processes.
 */
export const readModelsAndRebuild = async (
  dataDir: string,
  /** `env`: the engines' settings beside DATA_DIR (DATABASE_URL for PostgreSQL). */
  options: { catchUpStored?: boolean; env?: Record<string, string> } = {},
) => {
  // The log as the app reads it: sealed fields opened with the folder's own key vault.
  const stores = await openStores(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    silentLogger(),
  );
  const { events, readStore: stored } = stores;
  const storedModels = new StoreReadModels(stored, allProjections);
  await storedModels.start();
  const head = (await events.headPosition()) ?? 0n;
  const names = allProjections.map((p) => p.name);
  // A process killed mid-batch left its projections behind: they resume, as a restart would.
  const resumed = options.catchUpStored
    ? new ProjectionEngine(events, stored, allProjections, silentLogger(), {})
    : null;
  await resumed?.start();
  if (resumed) await storedModels.waitFor(head, names, 60_000);

  const fresh = openMemoryReadStore();
  // A replay for comparison: reactions (commands) are effects, not read models; none is run.
  const engine = new ProjectionEngine(events, fresh, allProjections, silentLogger(), {});
  const freshModels = new StoreReadModels(fresh, allProjections);
  await freshModels.start();
  await engine.start();
  const began = Date.now();
  const caughtUp = await freshModels.waitFor(head, names, 60_000);
  // What a replay that did not reach the head left behind, said where the test fails.
  const behind = caughtUp
    ? []
    : names.flatMap((name) => {
        const at = freshModels.checkpointOf(name);
        return at !== null && at >= head
          ? []
          : [`${name} at ${at ?? 'nothing'} of ${head} after ${Date.now() - began} ms`];
      });
  const result = {
    storedCaughtUp: await storedModels.waitFor(head, names, 1),
    /** The fresh replay's projections short of the log's head (none when it caught up). */
    behind,
    stored: await snapshotOf(storedModels),
    rebuilt: await snapshotOf(freshModels),
    events: await events.readAll({ maxCount: 10_000_000 }),
  };
  await engine.stop();
  await resumed?.stop();
  freshModels.stop();
  storedModels.stop();
  await stores.close();
  return result;
};
