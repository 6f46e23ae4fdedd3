import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/event-store/event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openMemoryReadStore } from '../../infra/read-store/embedded-read-store';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import { collectionNames } from '../../projections/engine/define';
import { ProjectionEngine, type EngineOptions } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import { createTestDatabase, postgresServer } from '../support/postgres';
import { appendEvents, seedHistory, submission } from '../support/seed';

/**
 * The projection engine on the PostgreSQL read store: every projection's handlers and
 * queries, a first build through the rebuild path, and a blue/green rebuild, each held to
 * what the embedded store builds from the same log.
 */

const server = await postgresServer();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const seededLog = async () => {
  const db = openSqlite(':memory:');
  const events = openSqliteEventStore(db, { pollIntervalMs: 10 });
  cleanups.push(async () => {
    await events.close();
    db.close();
  });
  await seedHistory(events);
  return events;
};

const postgres = async () => {
  const database = await createTestDatabase('boon_engine');
  cleanups.push(() => database.drop());
  const store = await openPostgresReadStore({ connectionString: database.url, poolSize: 4 });
  cleanups.push(() => store.close());
  return store;
};

const embedded = () => {
  const store = openMemoryReadStore();
  cleanups.push(() => store.close());
  return store;
};

const start = async (events: EventStore, readStore: ReadStore, options: EngineOptions = {}) => {
  const readModels = new StoreReadModels(readStore, allProjections, 50);
  await readModels.start();
  const engine = new ProjectionEngine(events, readStore, allProjections, silentLogger(), {
    batchSize: 7,
    leaseCheckMs: 50,
    dropDelayMs: 0,
    readModels,
    ...options,
  });
  await engine.start();
  cleanups.push(async () => {
    await engine.stop();
    readModels.stop();
  });
  const head = await events.headPosition();
  const names = allProjections.map((p) => p.name);
  expect(await readModels.waitFor(head ?? 0n, names, 90_000)).toBe(true);
  return { engine, readModels };
};

/** Every collection of every projection, sorted by id: what two stores must agree on. */
const everything = async (readModels: StoreReadModels) => {
  const out: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    for (const name of collectionNames(projection)) {
      out[name] = await readModels.collection(name).find({}, { sort: { _id: 1 } });
    }
  }
  return out;
};

// A database server shared with the rest of the suite: generous bounds, not timed assertions.
describe.skipIf(!server.available)(
  'the projection engine on the PostgreSQL read store',
  { timeout: 120_000 },
  () => {
    it('builds every read model batch by batch exactly as on the embedded store', async () => {
      const events = await seededLog();
      const onSqlite = await start(events, embedded());
      const onPostgres = await start(events, await postgres());
      const built = await everything(onPostgres.readModels);
      expect(Object.values(built).some((docs) => docs.length > 0)).toBe(true);
      expect(built).toEqual(await everything(onSqlite.readModels));
    });

    it('makes a first build through the rebuild path, equal to a build batch by batch, then goes live', async () => {
      const events = await seededLog();
      const expected = await everything((await start(events, embedded())).readModels);
      const rebuilt = new Set<string>();
      const { readModels } = await start(events, await postgres(), {
        firstBuildFrom: 20,
        observer: {
          batchCommitted: (name, _events, _seconds, rebuild) => {
            if (rebuild) rebuilt.add(name);
          },
        },
      });
      expect(rebuilt).toContain('responses-by-question');
      expect(readModels.generationOf('responses-by-question')).toBe(1);
      expect(await everything(readModels)).toEqual(expected);
      await appendEvents(events, 'responder-late', [
        submission('late', 1, 'late', '2026-11-21T23:00:00.000Z'),
      ]);
      await expect
        .poll(() => readModels.collection('responses').findOne({ _id: 'late' }), {
          timeout: 30_000,
        })
        .not.toBeNull();
    });

    it('rebuilds into a fresh generation while the old one serves, swaps, and drops the old', async () => {
      const events = await seededLog();
      const readStore = await postgres();
      const { engine, readModels } = await start(events, readStore);
      const before = await everything(readModels);
      const report = await engine.rebuild('responses-by-question');
      expect(report.generation).toBe(2);
      expect(readModels.generationOf('responses-by-question')).toBe(2);
      expect(await everything(readModels)).toEqual(before);
      await expect
        .poll(async () =>
          (await readStore.listCollections()).filter((c) => c.startsWith('responses_g')),
        )
        .toEqual(['responses_g2']);
      await appendEvents(events, 'responder-late', [
        submission('late', 2, 'late', '2026-11-22T23:00:00.000Z'),
      ]);
      await expect
        .poll(() => readModels.collection('responses').findOne({ _id: 'late' }), {
          timeout: 30_000,
        })
        .not.toBeNull();
    });
  },
);
