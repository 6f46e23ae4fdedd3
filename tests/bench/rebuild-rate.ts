import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  const clock = startClock();
  let read = 0;
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: 5000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
  return { read, ...clock.stop() };
};

/** Wall-clock and this process's CPU seconds since it started. */
export const startClock = () => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return {
    stop: () => {
      const used = process.cpuUsage(cpu);
      return {
        seconds: (performance.now() - wall) / 1000,
        cpuSeconds: (used.user + used.system) / 1e6,
      };
    },
  };
};

/** The process's peak RSS since the last reset (Linux: VmHWM, reset through clear_refs). */
export const peakRss = {
  reset: () => {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      // Without the reset the peak is the process's whole life's: an upper bound, still honest.
    }
  },
  mib: () => {
    const line = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : NaN;
  },
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
  peakRss.reset();
  const firstClock = startClock();
  await engine.start();
  await readModels.waitFor(head, names, 3_600_000);
  const first = firstClock.stop();
  const firstPeak = peakRss.mib();

  const baseline = await readAndDecode(log);
  // The same read through the sealing store: what opening the sealed fields costs alone.
  const opened = await readAndDecode(store);
  peakRss.reset();
  const rebuildClock = startClock();
  await engine.rebuildMany(names);
  const rebuilt = rebuildClock.stop();
  const rebuildPeak = peakRss.mib();
  await engine.stop();
  readModels.stop();
  await readStore.close();
  db.close();
  readDb.close();
  rmSync(dir, { recursive: true, force: true });
  const million = `${(written / 1e6).toFixed(2)}M events`;
  const rate = (t: { seconds: number }) => written / t.seconds;
  const openRate = opened.read / opened.seconds;
  const cpuRatio = (t: { cpuSeconds: number }) => opened.cpuSeconds / t.cpuSeconds;
  const note = (t: { seconds: number; cpuSeconds: number }) =>
    `on CPU time ${cpuRatio(t).toFixed(2)} of the same (${Math.round(written / t.cpuSeconds).toLocaleString('en')} vs ${Math.round(opened.read / opened.cpuSeconds).toLocaleString('en')} events per CPU-second); reading + decoding alone, sealed fields left sealed: ${Math.round(baseline.read / baseline.seconds).toLocaleString('en')} events/s`;
  return [
    {
      name: `full rebuild, all ${names.length} projections, ${million} (one read of the log)`,
      value: rate(rebuilt),
      unit: 'events/s',
      baseline: openRate,
      baselineName: 'reading + decoding + opening the sealed fields of the same log',
      ratio: rate(rebuilt) / openRate,
      target: '≥ 0.33',
      met: rate(rebuilt) / openRate >= 1 / 3,
      note: note(rebuilt),
    },
    {
      name: `first build of a new install, all ${names.length} projections, ${million}`,
      value: rate(first),
      unit: 'events/s',
      baseline: openRate,
      baselineName: 'reading + decoding + opening the sealed fields of the same log',
      ratio: rate(first) / openRate,
      target: '≥ 0.33',
      met: rate(first) / openRate >= 1 / 3,
      note: note(first),
    },
    {
      name: `peak RSS of the full rebuild, ${million}`,
      value: rebuildPeak,
      unit: 'MiB',
      baseline: firstPeak,
      baselineName: 'peak RSS of the first build',
      ratio: rebuildPeak / firstPeak,
      target: '≤ 1024 MiB',
      met: rebuildPeak <= 1024,
    },
  ];
};
