import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sealingEventStore, sealWithKey } from '../../infra/event-store/sealing-event-store';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { openSqliteKeyVault } from '../../infra/key-vault/sqlite-key-vault';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { allProjections } from '../../projections';
import { ProjectionEngine } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Figure } from './report';
import { LOG_FILE, READ_MODELS_FILE } from '../../api/stores';
import { MILLION, writeSyntheticLog } from './synthetic-log';

/** Reads and decodes the whole log, as any consumer must: the baseline a rebuild is held to. */
const readAndDecode = async (store: Pick<EventStore, 'readAll'>) => {
  const started = performance.now();
  let read = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: 5000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
  return { read, seconds: (performance.now() - started) / 1000 };
};

export const rebuildRate = async (): Promise<Figure[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-bench-rebuild-'));
  const db = openSqlite(join(dir, LOG_FILE), 'NORMAL');
  const readDb = openSqlite(join(dir, READ_MODELS_FILE), 'NORMAL');
  // BENCH_REBUILD_DAYS shortens the history (200 days ≈ 1M events) for a quick comparison.
  const days = Number(process.env.BENCH_REBUILD_DAYS ?? MILLION.days);
  // Answers and replies are sealed with their authors' keys, and read back through the
  // sealing store, as production reads them.
  const keys = new Map<string, Buffer>();
  const keyOf = (subject: string) => {
    if (!keys.has(subject)) keys.set(subject, randomBytes(32));
    return keys.get(subject)!;
  };
  const written = writeSyntheticLog(db, { ...MILLION, days }, (event) => sealWithKey(event, keyOf));
  const vault = await openSqliteKeyVault(openSqlite(':memory:'), randomBytes(32));
  await vault.importKeys([...keys].map(([subject, key]) => ({ subject, key })));
  const log = openSqliteEventStore(db);
  const { events: store } = sealingEventStore(log, vault);
  const readStore = openEmbeddedReadStore(readDb);
  // Reactors' commands (the analyzer's scores) are not part of a rebuild's cost: dropped.
  const engine = new ProjectionEngine(store, readStore, allProjections, silentLogger(), {});
  const readModels = new StoreReadModels(readStore, allProjections);
  await readModels.start();
  const head = (await store.headPosition())!;
  const names = allProjections.map((p) => p.name);

  // The first build, as a new install (or a new projection) meets it.
  let started = performance.now();
  await engine.start();
  await readModels.waitFor(head, names, 600_000);
  const firstBuild = written / ((performance.now() - started) / 1000);

  const baseline = await readAndDecode(log);
  const readRate = baseline.read / baseline.seconds;
  // The same read through the sealing store: what opening the sealed fields costs alone.
  const opened = await readAndDecode(store);
  const openRate = opened.read / opened.seconds;
  started = performance.now();
  await engine.rebuildMany(names);
  const rate = written / ((performance.now() - started) / 1000);
  const rss = process.memoryUsage().rss / 2 ** 20;
  await engine.stop();
  readModels.stop();
  await readStore.close();
  db.close();
  readDb.close();
  rmSync(dir, { recursive: true, force: true });
  const million = `${(written / 1e6).toFixed(2)}M events`;
  return [
    {
      name: `full rebuild, all ${names.length} projections, ${million} (one read of the log)`,
      value: rate,
      unit: 'events/s',
      baseline: readRate,
      baselineName: 'reading + decoding the same log',
      ratio: rate / readRate,
      target: '≥ 0.8',
      met: rate / readRate >= 0.8,
      note: `answers and replies sealed, opened through the sealing store (reading + opening alone: ${Math.round(openRate).toLocaleString('en')} events/s); first build of a new install: ${Math.round(firstBuild).toLocaleString('en')} events/s; RSS ${rss.toFixed(0)} MiB`,
    },
  ];
};
