import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyLog } from '../../api/ops/replay';
import { LOG_FILE } from '../../api/stores';
import type { EventStore } from '../../infra/event-store/event-store';
import { openPostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { sealingEventStore, sealWithKey } from '../../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import type { KeyVault } from '../../infra/key-vault/key-vault';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { silentLogger } from '../../infra/logger';
import { openPostgresReadStore } from '../../infra/read-store/postgres/postgres-read-store';
import type { ReadStore } from '../../infra/read-store/read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import { ProjectionEngine } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import { keyVaultDatabaseUrl } from '../../infra/config';
import { openPostgresKeyVault } from '../../infra/key-vault/postgres-key-vault';
import { createTestDatabase, postgresServer, type TestDatabase } from '../support/postgres';
import { projectWithoutReactions } from './community';
import { peakRss, startClock } from './rebuild-rate';
import { restartAndWalk, walkFigures } from './restart';
import type { Figure } from './report';
import { MILLION, writeSyntheticLog } from './synthetic-log';
import { heapFlags } from '../../scripts/node-flags.mjs';

/**
 * The first build and then a full (blue/green) rebuild of every projection over one log, its
 * events read through the sealing store as production reads them, the read models on `readStore`.
 */
export const buildAndRebuild = async (log: EventStore, vault: KeyVault, readStore: ReadStore) => {
  const { events: store } = sealingEventStore(log, vault);
  // Reactors' commands (the analyzer's scores) are not part of a rebuild's cost: dropped.
  const engine = new ProjectionEngine(store, readStore, allProjections, silentLogger(), {});
  const readModels = new StoreReadModels(readStore, allProjections);
  await readModels.start();
  const head = (await store.headPosition())!;
  const names = allProjections.map((p) => p.name);
  peakRss.reset();
  const firstClock = startClock();
  await engine.start();
  await readModels.waitFor(head, names, 3_600_000);
  // A new install's first build is itself a rebuild: done once its generations are swapped in.
  while (names.some((name) => engine.isRebuilding(name))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const first = { ...firstClock.stop(), peak: peakRss.mib() };
  peakRss.reset();
  const rebuildClock = startClock();
  await engine.rebuildMany(names);
  const rebuilt = { ...rebuildClock.stop(), peak: peakRss.mib() };
  await engine.stop();
  readModels.stop();
  return { first, rebuilt };
};

type Timed = { seconds: number; cpuSeconds: number; peak: number };
type Rebuilt = { first: Timed; rebuilt: Timed };

/** What `rebuild-child.ts` opens: the SQLite log, read models and vault in `dir`, or a database. */
export type RebuildChildInput = { kekHex: string } & (
  { engine: 'sqlite'; dir: string; vaultFile: string } | { engine: 'postgres'; databaseUrl: string }
);

/**
 * `buildAndRebuild` in a process of its own (see rebuild-child.ts): its peak RSS is its own,
 * under the server's heap limit.
 */
const rebuildInChild = (input: RebuildChildInput) =>
  new Promise<Rebuilt>((resolve, reject) => {
    execFile(
      process.execPath,
      // With the heap limit the server runs with (scripts/node-flags.mjs).
      [...heapFlags(), '--import', 'tsx', 'tests/bench/rebuild-child.ts', JSON.stringify(input)],
      { timeout: 3_600_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`the rebuild's process failed: ${stderr || error.message}`))
          : resolve(JSON.parse(stdout) as Rebuilt),
    );
  });

const DAY_MS = 86_400_000;

/**
 * `days` of the synthetic community ending today, sealed with their authors' keys: written to a
 * SQLite log in `dir` (as the SQLite benches write it), then copied into `database`'s log as
 * `npm run migrate` copies one, and the keys into the vault the server opens beside it
 * (`<name>_keys`, under `kek`). Also returns the SQLite log and a vault holding the same keys.
 */
const historyOnBoth = async (dir: string, days: number, database: TestDatabase, kek: Buffer) => {
  const keys = new Map<string, Buffer>();
  const keyOf = (subject: string) => {
    if (!keys.has(subject)) keys.set(subject, randomBytes(32));
    return keys.get(subject)!;
  };
  const firstDay = new Date(Date.now() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const db = openSqlite(join(dir, LOG_FILE), 'NORMAL');
  const written = writeSyntheticLog(db, { ...MILLION, days, firstDay }, (event) =>
    sealWithKey(event, keyOf),
  );
  const sqliteLog = openSqliteEventStore(db);
  const vaultFile = join(dir, 'bench-vault.sqlite');
  const vault = await openSqliteKeyVault(openSqlite(vaultFile), kek);
  const entries = [...keys].map(([subject, key]) => ({ subject, key }));
  await vault.importKeys(entries);
  const postgresLog = await openPostgresEventStore({
    connectionString: database.url,
    concurrentBatches: 1,
  });
  const copyClock = startClock();
  await copyLog(sqliteLog, postgresLog);
  const copied = copyClock.stop();
  await createVault(database.url);
  const serverVault = await openPostgresKeyVault(keyVaultDatabaseUrl(database.url), kek);
  await serverVault.importKeys(entries);
  await serverVault.close();
  return { written, sqliteLog, postgresLog, vault, vaultFile, copied, close: () => db.close() };
};

/** The server's vault database, made as its first start makes it. */
const createVault = async (url: string) => {
  const { createVaultDatabase } = await import('../../api/postgres-stores');
  await createVaultDatabase(url, keyVaultDatabaseUrl(url));
};

/** `npm start`'s process on a PostgreSQL database: its settings. */
const onPostgres = (dir: string, database: TestDatabase, kek: Buffer) => ({
  DATA_DIR: dir,
  DATABASE_URL: database.url,
  KEY_ENCRYPTION_KEY: kek.toString('hex'),
});

/**
 * PostgreSQL at 1M events: a full rebuild of the log against the SQLite rebuild of the same
 * events in the same run (same keys, vault and projections), then the restart an operator
 * makes on it (`/healthz`, a new person's first requests, RSS) against an empty database and
 * the same at ~100k events.
 */
export const postgresRebuild = async (): Promise<Figure[]> => {
  const server = await postgresServer();
  if (!server.available) {
    console.log(`  skipped: no PostgreSQL (${server.skipReason})`);
    return [];
  }
  // The server compiled as `npm start` compiles it.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build:server failed');
  const dirs: string[] = [];
  const databases: TestDatabase[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'boon-bench-pg-'));
    dirs.push(dir);
    return dir;
  };
  const database = async () => {
    const made = await createTestDatabase('boon_bench_pg');
    databases.push(made);
    return made;
  };
  try {
    // An empty database, started once first so no figure pays for a cold start.
    const kek = randomBytes(32);
    const emptyEnv = onPostgres(scratch(), await database(), kek);
    await restartAndWalk(emptyEnv);
    const empty = await restartAndWalk(emptyEnv);

    // ~100k events: the reference for memory.
    const smallDb = await database();
    const small = await historyOnBoth(scratch(), 12, smallDb, kek);
    const smallReads = await openPostgresReadStore({ connectionString: smallDb.url });
    await projectWithoutReactions(
      sealingEventStore(small.postgresLog, small.vault).events,
      smallReads,
    );
    await smallReads.close();
    await small.postgresLog.close();
    small.close();
    const atSmall = await restartAndWalk(onPostgres(scratch(), smallDb, kek));
    const smallLabel = `${(small.written / 1e6).toFixed(2)}M events`;

    // BENCH_REBUILD_DAYS shortens the history (200 days ≈ 1M events) for a quick comparison.
    const days = Number(process.env.BENCH_REBUILD_DAYS ?? MILLION.days);
    const bigDir = scratch();
    const bigDb = await database();
    const big = await historyOnBoth(bigDir, days, bigDb, kek);
    await big.postgresLog.close();
    big.close();
    // Each rebuild in a process of its own, as an operator's: its peak memory is its own.
    const kekHex = kek.toString('hex');
    const onSqlite = await rebuildInChild({
      engine: 'sqlite',
      dir: bigDir,
      vaultFile: big.vaultFile,
      kekHex,
    });
    const onPg = await rebuildInChild({ engine: 'postgres', databaseUrl: bigDb.url, kekHex });
    const atBig = await restartAndWalk(onPostgres(scratch(), bigDb, kek));

    const written = big.written;
    const label = `${(written / 1e6).toFixed(2)}M events`;
    const rate = (t: { seconds: number }) => written / t.seconds;
    const perCpu = (t: { cpuSeconds: number }) =>
      `${Math.round(written / t.cpuSeconds).toLocaleString('en')} events per CPU-second of this process`;
    return [
      {
        name: `full rebuild on PostgreSQL, all ${allProjections.length} projections, ${label}`,
        value: rate(onPg.rebuilt),
        unit: 'events/s',
        baseline: rate(onSqlite.rebuilt),
        baselineName: 'the SQLite rebuild of the same log, same run',
        ratio: rate(onPg.rebuilt) / rate(onSqlite.rebuilt),
        target: '≥ 0.5',
        met: rate(onPg.rebuilt) >= 0.5 * rate(onSqlite.rebuilt),
        note: `PostgreSQL ${perCpu(onPg.rebuilt)} (the server's own work is in its processes), SQLite ${perCpu(onSqlite.rebuilt)}; first build: PostgreSQL ${Math.round(rate(onPg.first)).toLocaleString('en')} events/s, SQLite ${Math.round(rate(onSqlite.first)).toLocaleString('en')}; copying the log into PostgreSQL ${Math.round(written / big.copied.seconds).toLocaleString('en')} events/s`,
      },
      {
        name: `peak RSS of the full rebuild on PostgreSQL, ${label}`,
        value: onPg.rebuilt.peak,
        unit: 'MiB',
        baseline: onSqlite.rebuilt.peak,
        baselineName: 'peak RSS of the SQLite rebuild, same run',
        ratio: onPg.rebuilt.peak / onSqlite.rebuilt.peak,
        target: '≤ 1024 MiB',
        met: onPg.rebuilt.peak <= 1024,
        note: `each rebuild in a process of its own (Boon's only, not the bench's); first build ${Math.round(onPg.first.peak)} MiB (SQLite ${Math.round(onSqlite.first.peak)})`,
      },
      ...walkFigures(`PostgreSQL, ${smallLabel}`, atSmall, empty),
      ...walkFigures(`PostgreSQL, ${label}`, atBig, empty),
      {
        name: `restart on PostgreSQL, ${label}: RSS after a new person's path`,
        value: atBig.rss,
        unit: 'MiB',
        baseline: atSmall.rss,
        baselineName: `the same at ${smallLabel}`,
        ratio: atBig.rss / atSmall.rss,
        target: '≤ 1.3× the small history',
        met: atBig.rss / atSmall.rss <= 1.3,
        note: `an empty database: ${empty.rss.toFixed(0)} MiB`,
      },
    ];
  } finally {
    for (const made of databases) await made.drop().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
};
